import type { HelpIndex } from "@shared/help";
import { type HelpSlug, helpPath } from "@shared/help-pages";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { QueryState } from "../components/ui/query-state";
import { HelpShell } from "../features/help/help-shell";
import { helpApi, helpKeys } from "../lib/api/help";
import { useDocumentTitle } from "../lib/use-document-title";

const sections = [
  { audience: "everyone", heading: "For everyone taking part" },
  { audience: "admins", heading: "For admins running the programme" },
] as const;

/** /help: every help page, for the people taking part and for the admins (docs/admin-console.md). */
export function HelpIndexPage() {
  useDocumentTitle("Help");
  const index = useQuery({
    queryKey: helpKeys.index,
    queryFn: ({ signal }) => helpApi.index(signal),
  });
  return (
    <HelpShell>
      <h1 className="text-3xl font-bold tracking-tight text-coffee-950">Help</h1>
      <p className="mt-2 text-coffee-700">
        How Cup of Joe works, for the people taking part and for the admins.
      </p>
      <div className="mt-8">
        <QueryState query={index} failure="The help pages could not be loaded.">
          {(data) => <HelpSections pages={data.pages} />}
        </QueryState>
      </div>
    </HelpShell>
  );
}

function HelpSections({ pages }: { pages: HelpIndex["pages"] }) {
  return (
    <div className="grid gap-10">
      {sections.map(({ audience, heading }) => (
        <section key={audience} aria-labelledby={`help-${audience}`}>
          <h2 id={`help-${audience}`} className="text-xl font-semibold text-coffee-900">
            {heading}
          </h2>
          <ul className="mt-4 grid gap-3">
            {pages
              .filter((page) => page.audience === audience)
              .map((page) => (
                <li key={page.slug}>
                  <Link
                    to={helpPath(page.slug as HelpSlug)}
                    className="block rounded-lg border border-coffee-200 bg-white p-4 hover:border-coffee-400 hover:bg-coffee-50"
                  >
                    <span className="font-semibold text-coffee-900 underline-offset-4">
                      {page.title}
                    </span>
                    <span className="mt-1 block text-sm text-coffee-700">{page.summary}</span>
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
