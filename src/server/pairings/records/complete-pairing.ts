import { and, asc, eq, like } from "drizzle-orm";
import { chatHappened } from "../../../shared/chat-happened";
import { matchCountText } from "../../../shared/match-count-text";
import {
  type CompletedPairingContent,
  type CompletePairingResponse,
  fileMembers,
} from "../../../shared/pairings";
import { personName } from "../../../shared/person-name";
import { recordActivity } from "../../activity/activity";
import { type NamedPerson, peopleLine } from "../../activity/people-line";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { completedPairings, matches, pairings } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { chatAnswersOf, withMembers } from "../../match-members/match-members";
import { lockCompletedFileNames, lockPairing } from "../locks/pairing-locks";
import { loadMembers } from "../scope/pairing-members";
import { ALL_USERS_LABEL } from "../scope/scope";
import { fileNameBase } from "./file-names";

/** Who completes, and what else ends with the pairing, in its transaction. */
export interface CompleteOptions {
  /** The admin who pressed Complete: the Activity list names them, as it does for a Generate. */
  by?: NamedPerson;
  /** The month's round ends with its pairing (rounds/, above this folder). */
  whenCompleted?: (tx: Tx, pairing: { scopeKey: string; month: string }, at: Date) => Promise<void>;
}

/** Marks one active pairing completed and stores its completed-pairing record. */
export async function completePairing(
  ctx: AppContext,
  pairingId: number,
  options: CompleteOptions = {},
): Promise<CompletePairingResponse> {
  const done = await ctx.db.transaction((tx) => completeInTx(ctx, tx, pairingId, options));
  return { message: `Pairing completed and saved as ${done.fileName}`, completed: [done] };
}

/** Completes every active pairing ("complete current pairing", docs/pairings.md), each with its own record. */
export async function completeCurrentPairings(
  ctx: AppContext,
  options: CompleteOptions = {},
): Promise<CompletePairingResponse> {
  return ctx.db.transaction(async (tx) => {
    const active = await tx
      .select({ id: pairings.id })
      .from(pairings)
      .where(eq(pairings.status, "active"))
      .orderBy(asc(pairings.id));
    if (active.length === 0) throw new NotFound("There is no active pairing to complete.");
    const completed = [];
    for (const { id } of active) completed.push(await completeInTx(ctx, tx, id, options));
    return {
      message: `Completed ${completed.length} pairing${completed.length === 1 ? "" : "s"}`,
      completed,
    };
  });
}

async function completeInTx(ctx: AppContext, tx: Tx, pairingId: number, options: CompleteOptions) {
  const pairing = await lockPairing(tx, pairingId);
  if (!pairing) throw new NotFound("Pairing not found");
  if (pairing.status !== "active")
    throw new Conflict("This pairing is already completed.", "already_completed");

  // Its matches close with it, as the sample history's are (docs/admin-console.md, "The
  // figures"): a match nobody answered then counts as a chat, one everybody missed does not.
  const now = ctx.clock.now();
  await tx
    .update(matches)
    .set({ status: "completed", completedAt: now })
    .where(and(eq(matches.pairingId, pairing.id), eq(matches.status, "active")));
  const rows = await withMembers(
    tx,
    await tx
      .select()
      .from(matches)
      .where(eq(matches.pairingId, pairing.id))
      .orderBy(asc(matches.id)),
  );
  const members = await loadMembers(tx, rows);
  const person = (id: string) => {
    const user = members.get(id);
    return user ? { name: personName(user), email: user.email } : { name: "Unknown", email: "" };
  };
  const content: CompletedPairingContent = {
    name: pairing.name,
    month: pairing.month,
    domainGroup: pairing.domainGroupName ?? ALL_USERS_LABEL,
    chats_happened: rows.filter((m) => chatHappened(chatAnswersOf(m))).length,
    matches: rows.map((m) => ({
      ...fileMembers(m.members.map((member) => person(member.userId))),
      status: m.status,
      chat_happened: chatHappened(chatAnswersOf(m)),
    })),
  };

  const base = fileNameBase(pairing.month, pairing.runOfMonth, pairing.domainGroupName);
  // Serialise record naming per base so two completions never pick the same sequence number.
  await lockCompletedFileNames(tx, base);
  const taken = await tx
    .select({ fileName: completedPairings.fileName })
    .from(completedPairings)
    .where(like(completedPairings.fileName, `${base}-%`));
  const ownSequence = new RegExp(`^${base}-(\\d+)\\.json$`);
  const lastSequence = Math.max(
    0,
    ...taken.map((t) => Number(ownSequence.exec(t.fileName)?.[1] ?? 0)),
  );
  const fileName = `${base}-${lastSequence + 1}.json`;

  await tx.insert(completedPairings).values({
    fileName,
    pairingId: pairing.id,
    name: pairing.name,
    month: pairing.month,
    domainGroupId: pairing.domainGroupId,
    domainGroupName: pairing.domainGroupName,
    runOfMonth: pairing.runOfMonth,
    matchCount: rows.length,
    content,
    createdAt: now,
  });
  await tx
    .update(pairings)
    .set({ status: "completed", completedAt: now })
    .where(eq(pairings.id, pairing.id));
  await options.whenCompleted?.(tx, pairing, now);
  if (options.by) {
    await recordActivity(
      ctx,
      {
        kind: "pairing.completed",
        detail: peopleLine`${options.by} completed "${pairing.name}": ${matchCountText(rows.length)}, saved as ${fileName}.`,
        scopeKey: pairing.scopeKey,
        month: pairing.month,
        pairingId: pairing.id,
        data: { by: options.by.id, fileName },
      },
      tx,
    );
  }
  return { pairingId: pairing.id, fileName, matchCount: rows.length };
}
