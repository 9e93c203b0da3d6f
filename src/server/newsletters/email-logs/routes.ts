import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { emailLogEndpoints as endpoints } from "../../../shared/endpoints/newsletters";
import type { FeatureRoutes } from "../../context";
import { endpointRoute } from "../../http/endpoint-route";
import { emailLogCsv } from "./email-log-csv";
import { listAutomaticMails } from "./list-automatic-mails";
import { listEmailLogEntries } from "./list-email-log-entries";
import { listEmailLogs } from "./list-email-logs";
import { previewLoggedEmail } from "./preview-logged-email";

/** The Email Send Logs tab (docs/newsletters.md, "Send logs"); guarded by the admin hook. */
const emailLogsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.current),
    handler: async () => listEmailLogs(ctx, "current"),
  });
  r.route({
    ...endpointRoute(endpoints.archived),
    handler: async () => listEmailLogs(ctx, "archived"),
  });

  r.route({
    ...endpointRoute(endpoints.automatic),
    handler: async (request) => listAutomaticMails(ctx, request.query),
  });

  r.route({
    ...endpointRoute(endpoints.entries),
    handler: async (request) => listEmailLogEntries(ctx, request.params.id, request.query),
  });

  r.route({
    ...endpointRoute(endpoints.csv),
    handler: async (request, reply) => {
      const csv = await emailLogCsv(ctx, request.params.month, request.params.year);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${csv.fileName}"`)
        .header("Cache-Control", "no-store")
        .send(csv.body);
    },
  });

  r.route({
    ...endpointRoute(endpoints.preview),
    handler: async (request) =>
      previewLoggedEmail(ctx, request.body.newsletterId, request.body.userEmail),
  });
};

export default emailLogsRoutes;
