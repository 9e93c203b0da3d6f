import { adminViewPath, type OperationsPart } from "@shared/admin-routes";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";
import { KEEP_SCROLL } from "../../../lib/keep-scroll";
import { useAdminView } from "../use-admin-view";
import { operationsPartTexts } from "./operations-part-texts";

/**
 * The Operations tab's own links, one per part: real links (each part has its address), the open
 * one marked for screen readers, wrapping onto more lines on a phone.
 */
export function OperationsNav({ current }: { current: OperationsPart }) {
  const { base } = useAdminView();
  return (
    <nav aria-label="Operations sections">
      <ul className="flex flex-wrap gap-2">
        {operationsPartTexts.map(({ part, label }) => {
          const open = part === current;
          return (
            <li key={part}>
              <Link
                to={adminViewPath(base, { section: "operations", part })}
                state={KEEP_SCROLL}
                aria-current={open ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-10 items-center rounded-md border px-3 text-sm font-medium",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-coffee-800",
                  open
                    ? "border-coffee-800 bg-coffee-800 text-white"
                    : "border-coffee-300 bg-white text-coffee-900 hover:bg-coffee-100",
                )}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
