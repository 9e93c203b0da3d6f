import { endLiveSecrets } from "../auth/sign-in-account";
import type { Tx } from "../db/client";
import { dropSecretMails } from "../outbox/drop-secret-mails";

/**
 * An address SCIM took away from a person (changed or deleted): its live codes and links end and
 * its queued sign-in mail is dropped, so a link sent to it before cannot sign anyone in, least of
 * all into a second account beside the provisioned one.
 */
export async function endSignInsOfAddress(tx: Tx, email: string): Promise<void> {
  await dropSecretMails(tx, email);
  await endLiveSecrets(tx, email);
}
