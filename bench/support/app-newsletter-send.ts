import {
  ACTIVE_PAIRING_FILE_PREFIX,
  type Newsletter,
  type SendStatusResponse,
} from "../../src/shared/newsletters";
import { type AppProcess, getJson, post } from "./app-process";

/**
 * A newsletter send through the app's real path, as the admin does it: generate this month's
 * newsletter, link it to the pairing `pairingId`, approve it, POST send, then poll the
 * send status once a second until the newsletter is sent. Resolves with the recipients and the wall-clock
 * milliseconds from the send request to `sent` (the ledger written, every message delivered and
 * recorded, the log and archive written).
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
  await post(`${app.url}/api/admin/newsletters/${newsletter.id}/send`, {}, cookie);
  for (;;) {
    const status = await getJson<SendStatusResponse>(
      `${app.url}/api/admin/newsletters/${newsletter.id}/send-status`,
      cookie,
    );
    if (status.status === "sent" || status.status === "approved") {
      return { ...status, ms: performance.now() - started };
    }
    if (performance.now() - started > timeoutMs) {
      throw new Error(`the send did not end in ${timeoutMs} ms: ${JSON.stringify(status)}`);
    }
    // Once a second, as the admin's progress bar polls (src/client/features/admin/newsletters/
    // send-progress.tsx): each status read counts the send's deliveries, about 20 ms of the
    // database at 100,000, which polled four times a second took CPU from the send measured.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
