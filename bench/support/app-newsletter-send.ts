import type { Newsletter, SendStatusResponse } from "../../src/shared/newsletters";
import { type AppProcess, getJson, post } from "./app-process";

/**
 * A newsletter send through the app's real path, as the admin does it: generate this month's
 * newsletter (linked to the month's one active pairing), approve it, POST send, then poll the
 * send status until the newsletter is sent. Resolves with the recipients and the wall-clock
 * milliseconds from the send request to `sent` (the ledger written, every message delivered and
 * recorded, the log and archive written).
 */
export async function sendNewsletterThroughApp(
  app: AppProcess,
  cookie: string,
  timeoutMs = 30 * 60_000,
): Promise<{ total: number; ms: number; sent: number; failed: number }> {
  const newsletter = (await (
    await post(`${app.url}/api/admin/newsletters/generate`, {}, cookie)
  ).json()) as Newsletter;
  if (!newsletter.pairingFile) throw new Error("the generated newsletter has no linked pairing");
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
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
