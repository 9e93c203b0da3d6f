import type { SystemHealth } from "../../shared/metrics";
import type { AppContext } from "../context";

/**
 * The mail transport this process delivers the outbox over, for the System Health card: the SMTP
 * host only, never the user name or password of SMTP_URL. Features ask the outbox, never the
 * transport itself (docs/mail.md).
 */
export function mailTransportStatus(ctx: AppContext): SystemHealth["emailService"] {
  if (ctx.mailer.transport !== "smtp") return { transport: "outbox", label: "Outbox" };
  const smtpHost = hostOf(ctx.config.SMTP_URL);
  return { transport: "smtp", label: smtpHost ? `SMTP (${smtpHost})` : "SMTP" };
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}
