import { type ComponentType, lazy, Suspense } from "react";
import { Spinner } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useDocumentTitle } from "../../lib/use-document-title";

/** A tab whose code loads when it is first shown (Operations, the default, right after the page). */
function lazyTab<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const OperationsTab = lazyTab(() => import("./operations-tab"), "OperationsTab");
const AdminToolsTab = lazyTab(() => import("./admin-tools-tab"), "AdminToolsTab");
const DepartmentsTab = lazyTab(() => import("./departments-tab"), "DepartmentsTab");
const MetricsTab = lazyTab(() => import("./metrics-tab"), "MetricsTab");
const WhitelistTab = lazyTab(() => import("./whitelist-tab"), "WhitelistTab");
const EmailLogsTab = lazyTab(() => import("./email-logs-tab"), "EmailLogsTab");
const ImagesTab = lazyTab(() => import("./images-tab"), "ImagesTab");

/** The seven tabs, in order; operations is the default. */
export const adminTabs = [
  { value: "operations", label: "Operations", Component: OperationsTab },
  { value: "admin-tools", label: "Admin Tools", Component: AdminToolsTab },
  { value: "departments", label: "Departments", Component: DepartmentsTab },
  { value: "metrics", label: "Analytics & Metrics", Component: MetricsTab },
  { value: "email-whitelist", label: "Email Whitelist", Component: WhitelistTab },
  { value: "email-logs", label: "Email Send Logs", Component: EmailLogsTab },
  { value: "images", label: "Image Gallery", Component: ImagesTab },
] as const;

/** The admin dashboard body (used by /admin behind the guard and by /admin-demo without it). */
export function AdminDashboard({ demo }: { demo?: boolean }) {
  useDocumentTitle(demo ? "Admin Dashboard (Demo)" : "Admin Dashboard");
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-coffee-950">
          Admin Dashboard{demo ? " (Demo)" : ""}
        </h1>
        <p className="text-coffee-700">
          Run pairings, newsletters, departments, the whitelist and more.
        </p>
      </div>
      <Tabs defaultValue="operations" className="space-y-6">
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
