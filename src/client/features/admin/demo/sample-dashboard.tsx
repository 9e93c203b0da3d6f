import { QueryClientProvider } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { useLayoutEffect, useState } from "react";
import { Spinner } from "../../../components/ui/spinner";
import { replaceTransport } from "../../../lib/api-client";
import { sampleCompanySize } from "../../../lib/app-mode";
import { createQueryClient } from "../../../lib/query-client";
import { AdminDashboard } from "../admin-dashboard";
import { sampleTransport } from "./sample-transport";

/**
 * The admin dashboard fed by sample data (/admin-demo): the same tabs as /admin, with their own
 * query cache (never mixed with the real one) and every call answered by sampleTransport while
 * this is on screen.
 */
export function SampleDashboard() {
  const [queryClient] = useState(createQueryClient);
  const [ready, setReady] = useState(false);
  const [size] = useState(sampleCompanySize);
  // Installed before any tab mounts (children render only once it is in place).
  useLayoutEffect(() => {
    const restore = replaceTransport(sampleTransport);
    setReady(true);
    return () => {
      restore();
      queryClient.clear();
    };
  }, [queryClient]);
  return (
    <div className="space-y-6">
      <div
        role="note"
        aria-label="Sample data"
        className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
      >
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          <strong>Sample data.</strong> This dashboard shows a made-up company (the one a demo
          server starts with) so you can look around. Nothing here is a real person, and changes are
          not saved.
          {size.shown < size.seeded &&
            ` The demo server's company has ${size.seeded.toLocaleString("en")} people; this page works out its first ${size.shown.toLocaleString("en")}, so its rounds and figures are those of a company that size.`}
        </p>
      </div>
      {ready ? (
        <QueryClientProvider client={queryClient}>
          <AdminDashboard demo />
        </QueryClientProvider>
      ) : (
        <Spinner label="Loading sample dashboard..." />
      )}
    </div>
  );
}
