import { and, eq, ne } from "drizzle-orm";
import type { AppContext } from "../context";
import { outgoingMessages } from "../db/schema";
import type { QueuedKind } from "./message-kind";

/**
 * Which messages of `kind` (by once key) wait for a process with another mail transport than this
 * one's (say, queued by a process with SMTP_URL, while this one has none): the outbox of this
 * process leaves them alone (docs/mail.md, "One transport"), and the feature may say so.
 */
export async function pendingOverOtherTransports(
  ctx: Pick<AppContext, "db" | "mailer">,
  // biome-ignore lint/suspicious/noExplicitAny: only the kind's name is read.
  kind: QueuedKind<any>,
): Promise<Array<{ onceKey: string | null; transport: string }>> {
  return ctx.db
    .selectDistinct({
      onceKey: outgoingMessages.onceKey,
      transport: outgoingMessages.mailTransport,
    })
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.kind, kind.name),
        eq(outgoingMessages.state, "pending"),
        ne(outgoingMessages.mailTransport, ctx.mailer.fingerprint),
      ),
    );
}

/** This process's mail transport, without credentials (Mailer.fingerprint). */
export const mailTransportOf = (ctx: Pick<AppContext, "mailer">): string => ctx.mailer.fingerprint;
