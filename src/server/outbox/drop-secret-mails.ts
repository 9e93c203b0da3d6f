import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import { outgoingMessages } from "../db/schema";
import { magicLink } from "./kinds/magic-link";
import { setPasswordLink } from "./kinds/set-password-link";
import { signInCode } from "./kinds/sign-in-code";

/** The kinds that carry a secret (jobs/message-kinds.test.ts checks that none is missing). */
export const SECRET_KINDS = [signInCode, magicLink, setPasswordLink];
const secretKinds = SECRET_KINDS.map((kind) => kind.name);

/**
 * Drops the messages carrying a secret (sign-in codes and links) still waiting to go to
 * `recipient`, an address that is no longer the person's: nothing sent to it later can sign
 * anyone in.
 */
export async function dropSecretMails(tx: Tx, recipient: string): Promise<void> {
  await tx
    .delete(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.recipient, recipient),
        eq(outgoingMessages.state, "pending"),
        inArray(outgoingMessages.kind, secretKinds),
      ),
    );
}
