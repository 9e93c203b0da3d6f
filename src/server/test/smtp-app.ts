import { afterAll, beforeAll } from "vitest";
import { type SmtpPeer, type SmtpPeerOptions, startSmtpPeer } from "./smtp-peer";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app";

/** The app and the real SMTP peer it sends to. */
export interface AppWithSmtpPeer {
  t: TestApp;
  peer: SmtpPeer;
}

/**
 * The app with a real SMTP peer for the tests of one file: both start before the first test
 * (`started` receives them, e.g. `(app) => ({ t, peer } = app)`) and close after the last. Call
 * once at the top of the file, or of a `describe`; `beforeAll` hooks registered after it see both.
 */
export function setUpAppWithSmtpPeer(
  options: Omit<TestAppOptions, "smtpUrl"> & { peer?: SmtpPeerOptions },
  started: (app: AppWithSmtpPeer) => void,
): void {
  let app: AppWithSmtpPeer | undefined;
  beforeAll(async () => {
    const { peer: peerOptions, ...appOptions } = options;
    const peer = await startSmtpPeer(peerOptions);
    app = { peer, t: await createTestApp({ ...appOptions, smtpUrl: peer.url }) };
    started(app);
  });
  afterAll(async () => {
    await app?.t.close();
    await app?.peer.close();
  });
}
