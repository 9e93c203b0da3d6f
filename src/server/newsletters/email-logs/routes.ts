import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers, errorResponses, fileResponse } from "../../../shared/api";
import {
  emailLogCsvParamsSchema,
  emailLogEntriesPageSchema,
  emailLogEntriesParamsSchema,
  emailLogEntriesQuerySchema,
  emailLogListSchema,
  emailLogPreviewBodySchema,
  emailLogPreviewResponseSchema,
} from "../../../shared/newsletters";
import type { FeatureRoutes } from "../../context";
import { emailLogCsv } from "./email-log-csv";
import { listEmailLogEntries } from "./list-email-log-entries";
import { listEmailLogs } from "./list-email-logs";
import { previewLoggedEmail } from "./preview-logged-email";

/** The Email Send Logs tab (docs/newsletters.md, "Send logs"); guarded by the admin hook. */
const emailLogsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const logs = { schema: { response: answers(emailLogListSchema) } };
  r.get("/api/admin/email-logs", logs, async () => listEmailLogs(ctx, "current"));
  r.get("/api/admin/email-logs/archived", logs, async () => listEmailLogs(ctx, "archived"));

  r.get(
    "/api/admin/email-logs/:id/entries",
    {
      schema: {
        params: emailLogEntriesParamsSchema,
        querystring: emailLogEntriesQuerySchema,
        response: answers(emailLogEntriesPageSchema),
      },
    },
    async (request) => listEmailLogEntries(ctx, request.params.id, request.query),
  );

  r.get(
    "/api/admin/email-logs/:month/:year/csv",
    {
      schema: {
        params: emailLogCsvParamsSchema,
        response: {
          200: fileResponse("text/csv", "The month's send log as CSV."),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const csv = await emailLogCsv(ctx, request.params.month, request.params.year);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${csv.fileName}"`)
        .header("Cache-Control", "no-store")
        .send(csv.body);
    },
  );

  r.post(
    "/api/admin/email-logs/preview",
    {
      schema: { body: emailLogPreviewBodySchema, response: answers(emailLogPreviewResponseSchema) },
    },
    async (request) => previewLoggedEmail(ctx, request.body.newsletterId, request.body.userEmail),
  );
};

export default emailLogsRoutes;
