import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import { outgoingMessages } from "../db/schema";
import { MESSAGE_KINDS } from "./kinds/registry";

const secretKinds = MESSAGE_KINDS.filter((kind) => kind.carriesSecret).map((kind) => kind.name);

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
