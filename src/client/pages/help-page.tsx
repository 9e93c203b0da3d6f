import { HELP_INDEX_PATH, isHelpSlug } from "@shared/help-pages";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { QueryState } from "../components/ui/query-state";
import { LoadingRegion, Skeleton } from "../components/ui/skeleton";
import { HelpArticle } from "../features/help/help-article";
import { HelpShell } from "../features/help/help-shell";
import { helpApi, helpKeys } from "../lib/api/help";
import { useDocumentTitle } from "../lib/use-document-title";
import { NotFoundPage } from "./not-found-page";

/** /help/:slug: one help page (docs/admin-console.md, "Help pages"); any other slug is not found. */
export function HelpPage() {
  const { slug = "" } = useParams();
  return isHelpSlug(slug) ? <KnownHelpPage slug={slug} /> : <NotFoundPage />;
}

function KnownHelpPage({ slug }: { slug: string }) {
  const page = useQuery({
    queryKey: helpKeys.page(slug),
    queryFn: ({ signal }) => helpApi.page(slug, signal),
  });
  useDocumentTitle(page.data ? `${page.data.title} - Help` : "Help");
  return (
    <HelpShell>
      <Link
        to={HELP_INDEX_PATH}
        className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-coffee-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All help pages
      </Link>
      <div className="mt-6">
        <QueryState
          query={page}
          failure="This help page could not be loaded."
          loading={
            <LoadingRegion label="Loading the help page...">
              <Skeleton className="h-64 w-full" />
            </LoadingRegion>
          }
        >
          {(data) => <HelpArticle html={data.html} />}
        </QueryState>
      </div>
    </HelpShell>
  );
}
