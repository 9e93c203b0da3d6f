import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "../test/test-app";

let ipCounter = 0;
/** A fresh client address, so per-IP limits of one test do not leak into the next. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === "auth_session");
  return cookie?.value ? `auth_session=${cookie.value}` : undefined;
}

export async function post(
  t: TestApp,
  url: string,
  payload: unknown,
  options: { ip?: string; cookie?: string } = {},
) {
  return t.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

/** The six-digit code of the latest sign-in-code mail to this address in the outbox. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const mails = (await t.outbox()).filter(
    (m) => m.kind === "sign-in-code" && m.toAddress === email,
  );
  const text = mails.at(-1)?.text ?? "";
  const match = text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`No code mailed to ${email}`);
  return match[1];
}

/** The token of the latest magic-link mail to this address in the outbox. */
export async function latestToken(t: TestApp, email: string): Promise<string> {
  const mails = (await t.outbox()).filter((m) => m.kind === "magic-link" && m.toAddress === email);
  const match = (mails.at(-1)?.text ?? "").match(/\/magic-auth\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`No link mailed to ${email}`);
  return match[1];
}
