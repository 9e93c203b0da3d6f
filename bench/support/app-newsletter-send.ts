import type { EmailLog } from "../../src/shared/email-logs";
import {
  ACTIVE_PAIRING_FILE_PREFIX,
  type Newsletter,
  type SendStatusResponse,
} from "../../src/shared/newsletters";
import { type AppProcess, getJson, post } from "./app-process";

/**
 * A newsletter send through the app's real path, as the admin does it: generate this month's
 * newsletter, link it to the pairing `pairingId`, approve it, POST send, then poll the
 * send status once a second until the newsletter is sent. Resolves with the recipients and the
 * milliseconds from the send request to the end of the send (the ledger written, every
 * message delivered and recorded, the log and archive written).
 */
export async function sendNewsletterThroughApp(
  app: AppProcess,
  cookie: string,
  pairingId: number,
  timeoutMs = 30 * 60_000,
): Promise<{ total: number; ms: number; sent: number; failed: number }> {
  const newsletter = (await (
    await post(`${app.url}/api/admin/newsletters/generate`, {}, cookie)
  ).json()) as Newsletter;
  const linked = await fetch(`${app.url}/api/admin/newsletters/${newsletter.id}`, {
    method: "PUT",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ pairingFile: `${ACTIVE_PAIRING_FILE_PREFIX}${pairingId}` }),
  });
  if (!linked.ok) throw new Error(`linking pairing ${pairingId}: ${await linked.text()}`);
  await post(`${app.url}/api/admin/newsletters/${newsletter.id}/approve`, {}, cookie);
  const started = performance.now();
  const startedAt = Date.now();
  await post(`${app.url}/api/admin/newsletters/${newsletter.id}/send`, {}, cookie);
  for (;;) {
    const status = await getJson<SendStatusResponse>(
      `${app.url}/api/admin/newsletters/${newsletter.id}/send-status`,
      cookie,
    );
    if (status.status === "sent") {
      return { ...status, ms: await msUntilSent(app, cookie, newsletter.id, startedAt) };
    }
    if (status.status === "approved") return { ...status, ms: performance.now() - started };
    if (performance.now() - started > timeoutMs) {
      throw new Error(`the send did not end in ${timeoutMs} ms: ${JSON.stringify(status)}`);
    }
    // Once a second, as the admin's progress bar polls (src/client/features/admin/newsletters/
    // send-progress.tsx): each status read counts the send's deliveries, about 20 ms of the
    // database at 100,000, which polled four times a second took CPU from the send measured.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * From the send request to its log's `sent_at`, written as the send ends (the app's clock, on
 * this machine): the end of the send itself, not of the poll that saw it, up to a second later.
 */
async function msUntilSent(
  app: AppProcess,
  cookie: string,
  id: number,
  startedAt: number,
): Promise<number> {
  const logs = await getJson<EmailLog[]>(`${app.url}/api/admin/email-logs`, cookie);
  const sentAt = logs.find((log) => log.newsletter_id === id)?.sent_at;
  if (!sentAt) throw new Error(`newsletter ${id} is sent but has no send log`);
  return Date.parse(sentAt) - startedAt;
}
