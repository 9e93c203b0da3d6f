import { sql } from "drizzle-orm";
import type { SystemHealth } from "../../shared/metrics";
import type { AppContext } from "../context";
import { mailTransportStatus } from "../outbox/mail-transport-status";

/**
 * The System Health card: a live database check, the e-mail transport actually in use (as the
 * outbox reports it) and how employee data arrives.
 */
export async function getSystemHealth(ctx: AppContext): Promise<SystemHealth> {
  let status: SystemHealth["database"]["status"] = "Operational";
  try {
    await ctx.db.execute(sql`select 1`);
  } catch {
    status = "Unavailable";
  }
  const kind = ctx.config.DATABASE_URL ? "PostgreSQL server" : "Embedded PostgreSQL";
  const emailService = mailTransportStatus(ctx);
  return { database: { status, kind }, emailService, employeeSync: "CSV roster upload" };
}
