import { NO_USER_CHANGES, USER_UPDATED } from "@shared/admin-user-texts";
import type { AdminUser } from "@shared/admin-users";
import { Download } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { adminUsersApi } from "../../../lib/api/admin-users";
import { ApiError } from "../../../lib/api-client";
import { useMediaQuery } from "../../../lib/use-media-query";
import { useAdminMutation } from "../use-admin-mutation";
import { failureToast } from "../whitelist/whitelist-queries";
import { AccountConfirmDialog, useAccountChange } from "./account-action";
import { showingText, UserCounts, UserFiltersBar } from "./user-filters";
import { filtersFromSearch, searchOfFilters } from "./user-filters-address";
import { UserCard, type UserRowProps, UserTableRow } from "./user-row";
import {
  changesOf,
  refreshUserData,
  type UserDraft,
  type UserFilters,
  useAdminUsers,
  useDepartmentChoices,
} from "./users-queries";

const SEARCH_DELAY_MS = 300;

/**
 * The typed search and the filters, held in the address's query string (docs/admin-console.md,
 * "Users"): a reload or a bookmark keeps them. A chosen filter is a new history entry,
 * so Back undoes it; the search applies once typing pauses and replaces the entry, so Back does
 * not step through every word typed.
 */
function useUserFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const [search, setSearch] = useState(filters.q);
  // The search last put in the address: another one there came by Back, Forward or a link.
  const shown = useRef(filters.q);
  useEffect(() => {
    if (filters.q === shown.current) return;
    shown.current = filters.q;
    setSearch(filters.q);
  }, [filters.q]);
  useEffect(() => {
    const q = search.trim();
    if (q === shown.current) return;
    const timer = setTimeout(() => {
      shown.current = q;
      setParams(searchOfFilters({ ...filters, q }), { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, setParams]);
  const setFilters = useCallback(
    (next: UserFilters) => setParams(searchOfFilters(next)),
    [setParams],
  );
  return { search, setSearch, filters, setFilters };
}

/** The browser follows the server's CSV link: everyone the filters match, never held in the page. */
function downloadCsv(filters: UserFilters) {
  const link = document.createElement("a");
  link.href = adminUsersApi.csvUrl(filters);
  link.download = "";
  link.click();
}

/** User management (Admin Tools tab): search, filters, inline edits saved per row, paging. */
export function UserManagementCard() {
  const { search, setSearch, filters, setFilters } = useUserFilters();
  const [asking, setAsking] = useState<AdminUser | null>(null);
  const account = useAccountChange(() => setAsking(null));
  const wide = useMediaQuery("(min-width: 1024px)");

  const list = useAdminUsers(filters);
  const users = useMemo(() => list.data?.pages.flatMap((p) => p.users) ?? [], [list.data]);
  const firstPage = list.data?.pages[0];
  const { changedIds, rowProps } = useRowEdits(users, setAsking);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Card>
      <CardHeader>
        <CardTitle>User Management</CardTitle>
        <CardDescription>
          Search people, change their participation status, department or manager and save each row,
          or deactivate an account.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <UserCounts
          counts={firstPage?.counts}
          estimated={firstPage?.countsEstimated}
          filtered={filtered}
        />
        <UserFiltersBar
          search={search}
          onSearch={setSearch}
          filters={filters}
          onFilters={setFilters}
        />
        <div className="flex justify-end">
          <Button variant="outline" onClick={() => downloadCsv(filters)}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </Button>
        </div>
        <div aria-busy={list.isFetching} className="space-y-4">
          <QueryState
            query={list}
            failure="Failed to load users"
            loading={<UsersSkeleton />}
            empty={
              <p className="rounded-lg border border-dashed border-coffee-300 p-6 text-center text-coffee-700">
                {filtered ? "No users match your search criteria" : "No users found"}
              </p>
            }
            isEmpty={() => users.length === 0}
          >
            {() =>
              wide ? (
                <UsersTable users={users} rowProps={rowProps} />
              ) : (
                <ul aria-label="Users" className="space-y-3">
                  {users.map((user) => (
                    <UserCard key={user.id} {...rowProps(user)} />
                  ))}
                </ul>
              )
            }
          </QueryState>
        </div>
        {firstPage && users.length > 0 && (
          <ListFooter
            showing={showingText(users.length, firstPage.total, firstPage.countsEstimated)}
            unsaved={changedIds.length}
            list={list}
          />
        )}
        {asking && (
          <AccountConfirmDialog
            user={asking}
            pending={account.isPending}
            onConfirm={() => account.mutate(asking)}
            onClose={() => setAsking(null)}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** Each row's unsaved edits, saved one row at a time, and the props every row is drawn with. */
function useRowEdits(users: AdminUser[], onAccount: (user: AdminUser) => void) {
  const [drafts, setDrafts] = useState<Record<string, UserDraft>>({});
  const departments = useDepartmentChoices(users.map((u) => u.domainGroupId));
  const save = useAdminMutation({
    mutationFn: ({ user, changes }: { user: AdminUser; changes: UserDraft }) =>
      adminUsersApi.update(user.id, changes),
    onSuccess: (_data, { user }) => {
      toast({ title: "Success", description: USER_UPDATED });
      setDrafts(({ [user.id]: _saved, ...rest }) => rest);
    },
    failure: "Failed to update user",
    refresh: refreshUserData,
    reportFailure: failureToast,
  });

  const changedIds = users.filter((u) => hasChanges(u, drafts[u.id])).map((u) => u.id);
  const onSave = (user: AdminUser) => {
    const changes = changesOf(user, drafts[user.id]);
    if (Object.keys(changes).length === 0) {
      toast({ title: "No Changes", description: NO_USER_CHANGES, variant: "destructive" });
      return;
    }
    save.mutate({ user, changes });
  };
  const rowProps = (user: AdminUser): UserRowProps => ({
    user,
    draft: drafts[user.id],
    changed: changedIds.includes(user.id),
    saving: save.isPending && save.variables?.user.id === user.id,
    managerError: managerRefusal(save, user),
    departments: departments.get(user.domainGroupId),
    onDraft: (draft) => setDrafts((all) => ({ ...all, [user.id]: draft })),
    onSave: () => onSave(user),
    onAccount: () => onAccount(user),
  });
  return { changedIds, rowProps };
}

/** The server's refusal of the row's last save, when that save sent a manager's address. */
function managerRefusal(
  save: { error: Error | null; variables?: { user: AdminUser; changes: UserDraft } },
  user: AdminUser,
) {
  const sent = save.variables;
  if (!save.error || sent?.user.id !== user.id || sent.changes.managerEmail === undefined) {
    return undefined;
  }
  const { error } = save;
  return error instanceof ApiError && error.status === 400 && error.code !== "invalid_department"
    ? error.message
    : undefined;
}

function hasChanges(user: AdminUser, draft: UserDraft | undefined) {
  return Object.keys(changesOf(user, draft)).length > 0;
}

function UsersTable({
  users,
  rowProps,
}: {
  users: AdminUser[];
  rowProps: (user: AdminUser) => UserRowProps;
}) {
  // The columns fit from 1024 px on (docs/admin-console.md); only a row wider than that (a very
  // long name, say) scrolls, in this box. The box is positioned because the buttons'
  // screen-reader words are placed absolutely: outside it, they would widen the page instead.
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Users</caption>
        <thead>
          <tr className="text-left align-bottom text-coffee-700">
            {["Name", "Work Email", "Status"].map((h) => (
              <th key={h} scope="col" className="pr-3 pb-2 font-medium">
                {h}
              </th>
            ))}
            <th scope="col" className="pr-3 pb-2 font-medium">
              <span className="block">Department</span>
              <span className="block">and manager's e-mail</span>
            </th>
            <th scope="col" className="pr-3 pb-2 font-medium">
              Current Match
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserTableRow key={user.id} {...rowProps(user)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UsersSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading users...">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-16 animate-pulse rounded-lg bg-coffee-100" />
      ))}
    </div>
  );
}

/** "Showing 50 of 120 users", how many rows have unsaved changes, and Load more. */
function ListFooter({
  showing,
  unsaved,
  list,
}: {
  /** What the page shows of the list (`showingText`). */
  showing: string;
  unsaved: number;
  list: ReturnType<typeof useAdminUsers>;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-coffee-800">
      <p aria-live="polite">
        {showing}
        {unsaved > 0 && (
          <span className="ml-2 font-semibold text-amber-800">
            · {unsaved} {unsaved === 1 ? "user has" : "users have"} unsaved changes
          </span>
        )}
      </p>
      {list.hasNextPage && (
        <Button
          variant="outline"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      )}
    </div>
  );
}
