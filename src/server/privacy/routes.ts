import { eq } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { privacyEndpoints as endpoints } from "../../shared/endpoints/privacy";
import { namedPerson } from "../activity/people-line";
import { recordSettingChange } from "../activity/setting-changed";
import { normalizeEmail } from "../auth/email-address";
import { requireAdmin, requireUser } from "../auth/guards";
import { SESSION_COOKIE } from "../auth/session-store";
import type { AppContext, FeatureRoutes } from "../context";
import { dailyJobs, users } from "../db/schema";
import { BadRequest, NotFound } from "../errors";
import { endpointRoute } from "../http/endpoint-route";
import { checkUserId } from "../people/users/user-id";
import { erasePerson } from "./erase-person";
import { exportMyData } from "./export-my-data";
import { RETENTION_JOB } from "./retention/retention-job";
import { getRetention, setRetention } from "./retention/retention-setting";

const CONFIRM =
  "To confirm, type the e-mail address of the account exactly as it is shown, then try again.";

/** The stored address of `id` when `typed` is the same address; otherwise a 400 saying what to do. */
async function confirmAddress(ctx: AppContext, id: string, typed: string): Promise<void> {
  const [user] = await ctx.db
    .select({ email: users.email, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, id));
  if (!user || user.erasedAt)
    throw new NotFound("This person does not exist or was already erased.");
  if (normalizeEmail(typed) !== user.email) throw new BadRequest(CONFIRM, "confirm_email");
}

const leftAloneLine = (leftAlone: string[]) =>
  leftAlone.length
    ? ` ${leftAlone.join(" and ")} ${leftAlone.length === 1 ? "is" : "are"} left without a partner: re-pair them under Current Pairings.`
    : "";

/** A person's own data (docs/privacy.md): download it, delete the account; an admin's erase. */
const privacyRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.myData),
    config: { rateLimit: { max: 10, timeWindow: "5 minutes" } },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const data = await exportMyData(ctx, user.id);
      const day = ctx.clock.now().toISOString().slice(0, 10);
      reply.header("Content-Disposition", `attachment; filename="cup-of-joe-my-data-${day}.json"`);
      return data;
    },
  });

  r.route({
    ...endpointRoute(endpoints.deleteMyAccount),
    config: { rateLimit: { max: 10, timeWindow: "5 minutes" } },
    handler: async (request, reply) => {
      const user = requireUser(request);
      await confirmAddress(ctx, user.id, request.body.confirmEmail);
      const { leftAlone } = await erasePerson(ctx, user.id, "themself");
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return {
        success: true as const,
        message: "Your account is deleted. Thank you for the coffee chats.",
        leftAlone,
      };
    },
  });

  r.route({
    ...endpointRoute(endpoints.erasePerson),
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    handler: async (request) => {
      const admin = requireAdmin(request);
      const id = checkUserId(request.params.id);
      if (id === admin.id) throw new BadRequest("You cannot erase your own admin account.", "self");
      await confirmAddress(ctx, id, request.body.confirmEmail);
      const { leftAlone, name } = await erasePerson(ctx, id, namedPerson(admin));
      return {
        success: true as const,
        message: `The person is erased; their history stays as ${name}.${leftAloneLine(leftAlone)}`,
        leftAlone,
      };
    },
  });
};

/** Operations: how many months of history the company keeps, and the daily job's last run. */
const retentionRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const status = async () => {
    const [job] = await ctx.db.select().from(dailyJobs).where(eq(dailyJobs.name, RETENTION_JOB));
    return {
      ...(await getRetention(ctx.db)),
      lastRunAt: job?.lastRunAt?.toISOString() ?? null,
      lastRunNote: job?.note ?? null,
    };
  };
  r.route({ ...endpointRoute(endpoints.retention), handler: status });
  r.route({
    ...endpointRoute(endpoints.setRetention),
    handler: async (request) => {
      await setRetention(ctx.db, request.body, ctx.clock.now());
      const { months } = request.body;
      await recordSettingChange(
        ctx,
        request.user,
        months === null
          ? "set history to be kept for ever"
          : `set history to be kept for ${months} ${months === 1 ? "month" : "months"}`,
      );
      return status();
    },
  });
};

const routes: FeatureRoutes = async (app, options) => {
  await privacyRoutes(app, options);
  await retentionRoutes(app, options);
};

export default routes;
