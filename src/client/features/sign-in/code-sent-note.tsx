import { CODE_TTL_MS } from "@shared/sign-in-code";
import { EmailAddress } from "../../components/ui/email-address";

const CODE_MINUTES = Math.round(CODE_TTL_MS / 60_000);

/**
 * Whether the code sent at `sentAt` has outlived its 15 minutes at `now` (both ms since the
 * epoch). A send time the tab did not keep counts as expired: the screen cannot vouch for that
 * code, and Resend Code is the way on either way.
 */
export function codeExpired(sentAt: number | null, now: number): boolean {
  return sentAt === null || now - sentAt >= CODE_TTL_MS;
}

/**
 * What the code step says under its heading: the address and, as the screen was drawn at `now`,
 * how long the code works — or that it has expired, after a reload of the tab past its minutes
 * (docs/sign-in.md). No timer: the text is right when drawn, and a resend draws it again.
 */
export function CodeSentNote({
  email,
  sentAt,
  now,
}: {
  email: string;
  sentAt: number | null;
  now: number;
}) {
  return (
    <>
      We sent a 6-digit code to <EmailAddress email={email} />.{" "}
      {codeExpired(sentAt, now)
        ? "It has expired: press Resend Code for a new one."
        : `It is valid for ${CODE_MINUTES} minutes.`}
    </>
  );
}
