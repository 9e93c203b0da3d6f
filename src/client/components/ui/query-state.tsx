import type { ReactNode } from "react";
import { errorMessage } from "../../lib/api-client";
import { Button } from "./button";
import { LoadingRegion, Skeleton } from "./skeleton";

/** The part of a TanStack query (or anything shaped like one) that QueryState reads. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch?: () => unknown;
}

/** Three grey bars in a busy region: the default stand-in for a list that is loading. */
export function ListSkeleton({
  label = "Loading...",
  rows = 3,
}: {
  label?: string;
  rows?: number;
}) {
  return (
    <LoadingRegion label={label} className="grid gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </LoadingRegion>
  );
}

/**
 * A loaded list's four states, in one order everywhere: a skeleton while the first answer is
 * pending, the server's `{ message }` (or `failure` when it gave none) with a retry when loading
 * failed, the `empty` text when there is nothing, otherwise `children(data)`.
 */
export function QueryState<T>({
  query,
  failure,
  empty,
  loading,
  isEmpty = defaultIsEmpty,
  children,
}: {
  query: QueryLike<T>;
  /** Said when the request failed without a message of its own, e.g. "Failed to load groups". */
  failure: string;
  /** Shown when the list is empty; omit it when the children show their own empty state. */
  empty?: ReactNode;
  /** Shown while loading; a ListSkeleton by default. */
  loading?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading ?? <ListSkeleton />;
  if (query.isError || query.data === undefined) {
    const refetch = query.refetch;
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="text-sm text-red-700">{errorMessage(query.error, failure)}</p>
        {refetch && (
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  if (empty !== undefined && isEmpty(query.data)) {
    return typeof empty === "string" ? <p className="text-sm text-coffee-700">{empty}</p> : empty;
  }
  return children(query.data);
}

function defaultIsEmpty(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}
