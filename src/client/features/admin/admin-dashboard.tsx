import type { AdminSection } from "@shared/admin-routes";
import { HELP_INDEX_PATH } from "@shared/help-pages";
import { CircleHelp } from "lucide-react";
import { type ComponentType, lazy, Suspense } from "react";
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAdminView } from "./use-admin-view";

/** A tab whose code loads when it is first shown (Operations, the default, right after the page). */
function lazyTab<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const OperationsTab = lazyTab(() => import("./operations-tab"), "OperationsTab");
const UsersTab = lazyTab(() => import("./users-tab"), "UsersTab");
const DepartmentsTab = lazyTab(() => import("./departments-tab"), "DepartmentsTab");
const MetricsTab = lazyTab(() => import("./metrics-tab"), "MetricsTab");
const WhitelistTab = lazyTab(() => import("./whitelist-tab"), "WhitelistTab");
const EmailLogsTab = lazyTab(() => import("./email-logs-tab"), "EmailLogsTab");
const ImagesTab = lazyTab(() => import("./images-tab"), "ImagesTab");

/** The seven tabs, in order (values are the sections of their addresses); operations is the default. */
export const adminTabs: readonly {
  value: AdminSection;
  label: string;
  Component: ComponentType;
}[] = [
  { value: "operations", label: "Operations", Component: OperationsTab },
  { value: "users", label: "User Management", Component: UsersTab },
  { value: "departments", label: "Departments", Component: DepartmentsTab },
  { value: "metrics", label: "Analytics & Metrics", Component: MetricsTab },
  { value: "whitelist", label: "Email Whitelist", Component: WhitelistTab },
  { value: "email-logs", label: "Email Send Logs", Component: EmailLogsTab },
  { value: "image-gallery", label: "Image Gallery", Component: ImagesTab },
];

/**
 * The admin dashboard body (used by /admin behind the guard and by /admin-demo without it). The
 * open tab is the address's (/admin/users…): reload and Back keep it.
 */
export function AdminDashboard({ demo }: { demo?: boolean }) {
  useDocumentTitle(demo ? "Admin Dashboard (Demo)" : "Admin Dashboard");
  const { view, go } = useAdminView();
  const section = view?.section ?? "operations";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight text-coffee-950">
            Admin Dashboard{demo ? " (Demo)" : ""}
          </h1>
          <p className="text-coffee-700">
            Run pairings, newsletters, departments, the whitelist and more.
          </p>
        </div>
        <Link to={HELP_INDEX_PATH} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <CircleHelp aria-hidden="true" />
          Help
        </Link>
      </div>
      <Tabs
        value={section}
        onValueChange={(next) => go({ section: next as AdminSection })}
        className="space-y-6"
      >
        <TabsList aria-label="Admin sections" className="flex w-full justify-start">
          {adminTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {adminTabs.map(({ value, Component }) => (
          <TabsContent key={value} value={value} className="min-w-0">
            <Suspense fallback={<Spinner className="p-6" />}>
              <Component />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
