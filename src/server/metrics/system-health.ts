import { sql } from "drizzle-orm";
import type { SystemHealth } from "../../shared/metrics";
import type { AppContext } from "../context";

/**
 * The System Health card: a live database check, the e-mail transport actually in use (the SMTP
 * host only, never the user name or password of SMTP_URL) and how employee data arrives.
 */
export async function getSystemHealth(ctx: AppContext): Promise<SystemHealth> {
  let status: SystemHealth["database"]["status"] = "Operational";
  try {
    await ctx.db.execute(sql`select 1`);
  } catch {
    status = "Unavailable";
  }
  const kind = ctx.config.DATABASE_URL ? "PostgreSQL server" : "Embedded PostgreSQL";
  const smtpHost = hostOf(ctx.config.SMTP_URL);
  const emailService: SystemHealth["emailService"] =
    ctx.mailer.transport === "smtp"
      ? { transport: "smtp", label: smtpHost ? `SMTP (${smtpHost})` : "SMTP" }
      : { transport: "outbox", label: "Outbox" };
  return { database: { status, kind }, emailService, employeeSync: "CSV roster upload" };
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}
