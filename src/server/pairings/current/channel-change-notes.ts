import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { type OutgoingMessageRow, outgoingMessages, teamsPeople, users } from "../../db/schema";
import { type MatchChangeData, matchChange } from "../../outbox/kinds/match-change";
import { sentTeamsIntroSql, teamsChange } from "../../outbox/kinds/teams-kinds";
import { queue } from "../../outbox/queue";
import {
  effectiveReach,
  getChannelSettings,
  teamsSetUp,
  toldInChannelsAlone,
} from "../../settings/channel-settings";

/** One e-mail of a change (pairings/current/change-notices.ts), as it would go. */
export interface ChangeMail {
  email: string;
  data: MatchChangeData;
}

/** A change told to a whole match at once: said in its Teams group chat when it has one. */
export interface GroupChange {
  pairingId: number;
  /** Whom the change tells (the match's members, but one who joined): finds its group chat, and their own notes give way to the group's. */
  tells: readonly string[];
  title: string;
  lines: string[];
}

/**
 * A change after the announcement said in Teams (docs/chat.md, "Microsoft Teams", "A change to
 * the match"), queued in the change's own transaction: once in the group chat of a trio or four
 * whose intro went to one (for everyone in that chat), and in the 1:1 chat of each other person it
 * tells who chose Teams. Whoever chose Teams alone and is reached there (`toldInChannelsAlone`: their
 * 1:1 chat is known, or they are in the group chat) gets no e-mail of it: their e-mail rides on
 * the note and goes only if the note does not (`mailChangeFallbacks`). Resolves the ids of the
 * people whose e-mail the notes replace.
 */
export async function queueTeamsChangeNotes(
  ctx: AppContext,
  tx: Tx,
  change: { mails: readonly ChangeMail[]; groups: readonly GroupChange[] },
): Promise<Set<string>> {
  const replaced = new Set<string>();
  if (!teamsSetUp(ctx.config)) return replaced;
  const notes = change.mails.flatMap(channelNote);
  const alone = await toldInTeamsAlone(
    tx,
    notes.map((n) => n.userId),
  );
  const mailOf = (userId: string) =>
    change.mails.filter((m) => m.data.userId === userId && m.data.via !== "calendar");
  const inGroup = new Set<string>();
  for (const [chat, group] of await groupChats(tx, change.groups)) {
    const told = group.tells.filter((id) => chat.members.includes(id));
    for (const id of told) inGroup.add(id);
    const fallbacks = told.filter((id) => alone.has(id)).flatMap(mailOf);
    for (const id of told.filter((id) => alone.has(id))) replaced.add(id);
    await queue(ctx, tx, teamsChange, [{ matchId: chat.matchId }], {
      chatId: chat.chatId,
      title: group.title,
      lines: group.lines,
      fallbacks,
    });
  }
  for (const { userId, ...note } of notes) {
    if (inGroup.has(userId)) continue;
    const fallbacks = alone.has(userId) ? mailOf(userId) : [];
    if (fallbacks.length > 0) replaced.add(userId);
    await queue(ctx, tx, teamsChange, [{ userId }], { ...note, fallbacks });
  }
  return replaced;
}

/** The words of a change e-mail said in Teams too. */
function channelNote({ data }: ChangeMail) {
  if (data.via === "match") {
    return [{ userId: data.userId, title: data.title, lines: [data.news] }];
  }
  if (data.via !== "plain") return [];
  const action = data.action ? { action: data.action } : {};
  return [{ userId: data.userId, title: data.title, lines: data.lines, ...action }];
}

/**
 * Who of these chose Teams alone and whose 1:1 chat with the bot is known (read in the change's
 * transaction, no call to Microsoft): the one rule of every chat, `toldInChannelsAlone`.
 */
async function toldInTeamsAlone(tx: Tx, userIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const [company, people] = await Promise.all([
    getChannelSettings(tx),
    tx
      .select({ id: users.id, reachBy: users.reachBy, conversationId: teamsPeople.conversationId })
      .from(users)
      .leftJoin(
        teamsPeople,
        and(eq(teamsPeople.userId, users.id), eq(teamsPeople.email, users.email)),
      )
      .where(inArray(users.id, ids)),
  ]);
  return new Set(
    people
      .filter((p) =>
        toldInChannelsAlone(effectiveReach(p.reachBy, company), "teams", p.conversationId !== null),
      )
      .map((p) => p.id),
  );
}

/**
 * The group chats these changes are said in: the chat a Teams intro of the pairing made with
 * that member in it (kept on the intro's row, send-teams.ts), one message per chat.
 */
async function groupChats(tx: Tx, groups: readonly GroupChange[]) {
  const found = new Map<
    string,
    [{ chatId: string; matchId: number | null; members: string[] }, GroupChange]
  >();
  for (const group of groups) {
    const anyOf = group.tells.map((id) => JSON.stringify([id]));
    if (anyOf.length === 0) continue;
    const [intro] = await tx
      .select({ matchId: outgoingMessages.matchId, result: outgoingMessages.result })
      .from(outgoingMessages)
      .where(
        and(
          sentTeamsIntroSql(),
          isNotNull(outgoingMessages.result),
          sql`${outgoingMessages.data} ->> 'pairingId' = ${String(group.pairingId)}`,
          or(
            ...anyOf.map(
              (member) => sql`${outgoingMessages.result} -> 'chatMembers' @> ${member}::jsonb`,
            ),
          ),
        ),
      )
      .limit(1);
    const { chatId, chatMembers } = (intro?.result ?? {}) as {
      chatId?: unknown;
      chatMembers?: unknown;
    };
    if (typeof chatId !== "string" || !Array.isArray(chatMembers) || found.has(chatId)) continue;
    const members = chatMembers.filter((m): m is string => typeof m === "string");
    found.set(chatId, [{ chatId, matchId: intro.matchId, members }, group]);
  }
  return [...found.values()];
}

/**
 * A Teams change note that ended without going out (refused, nobody reached, given up): the
 * e-mails it replaced go now (docs/chat.md, "Microsoft Teams"), each once by the note's id, so a
 * crash before the note is settled mails nobody twice.
 */
export async function mailChangeFallbacks(
  ctx: AppContext,
  row: Pick<OutgoingMessageRow, "id" | "data">,
): Promise<number> {
  const fallbacks = teamsChange.schema.safeParse(row.data).data?.fallbacks ?? [];
  let queued = 0;
  for (const [index, fallback] of fallbacks.slice(0, 10).entries()) {
    const data = matchChange.schema.safeParse(fallback.data);
    if (!data.success) continue;
    const kind = { ...matchChange, onceKey: () => `teams-change-${row.id}-${index}` };
    queued += await queue(ctx, ctx.db, kind, [fallback.email], data.data);
  }
  return queued;
}
