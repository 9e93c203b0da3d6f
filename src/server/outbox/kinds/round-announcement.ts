import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { monthDisplay } from "../../../shared/pairings";
import { getAuthSecret } from "../../app-secret";
import type { AppContext } from "../../context";
import { matches, users } from "../../db/schema";
import type { ProposedTimesView } from "../../mail/templates/views";
import { matchIdsOfMembersSql, memberIdsSql } from "../../match-members/match-members";
import { readPerson } from "../../people-rows/read-people";
import { type MessageKind, NoLongerFor } from "../message-kind";
import { partnerViewData } from "../payload-parts";

/**
 * One person's short announcement of a published round (docs/rounds.md, "The announcement goes
 * through the outbox"): their place in the pairing as it was published, read when it was queued.
 */
const roundAnnouncementData = z.object({
  /** The announcement's `newsletters` row (kind `announcement`): its send log. */
  announcementId: z.number().int(),
  pairingId: z.number().int(),
  /** "2027-03" */
  month: z.string(),
  userId: z.string(),
  /** Their partners as the e-mail shows them, or that they sat out. */
  match: z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("partners"),
      partners: z.array(partnerViewData),
      starter: z.string().nullable(),
    }),
    z.object({ kind: z.literal("sat-out") }),
  ]),
  /** Who the partners are: the e-mail goes only while they still are (none for who sat out). */
  partnerIds: z.array(z.string()),
});
export type RoundAnnouncementData = z.infer<typeof roundAnnouncementData>;

/** The key of an announcement's messages (one per recipient and announcement): this and its id. */
export const ROUND_ANNOUNCEMENT_KEY = "announcement-";
export const roundAnnouncementKey = (announcementId: number) =>
  `${ROUND_ANNOUNCEMENT_KEY}${announcementId}`;

/**
 * What the e-mail is rendered with, loaded when the worker delivers one: the publish queueing
 * the announcement loads neither the templates nor the proposed times (docs/architecture.md,
 * "Three walks").
 */
const rendering = async () => ({
  ...(await import("../../mail/templates/announcement-email")),
  ...(await import("../../mail/together-line")),
  ...(await import("../../scheduling/match-times")),
  ...(await import("../../scheduling/proposed-times-for")),
  ...(await import("../personal-links")),
});

/** One reader's place in the pairing at delivery: their active match and its times for them. */
interface Placed {
  partnerIds: string[];
  times: ProposedTimesView | null;
}

/** What a batch read once per match, by `{pairingId}:{userId}` (a reader in no match: absent). */
type PreparedPlaces = Map<string, Placed>;

const placeKey = (pairingId: number, userId: string) => `${pairingId}:${userId}`;

/**
 * To everyone a published round tells about their match, when no newsletter was approved for the
 * month: the short announcement, rendered at delivery with the times proposed for their match
 * (read once per match for a claimed batch). Not sent to someone deactivated or opted out since,
 * or whose match is no longer the one it names (a re-pair tells them with `match-change`).
 */
export const roundAnnouncement = {
  name: "round-announcement",
  mailKind: "newsletter",
  schema: roundAnnouncementData,
  onceKey: (data) => roundAnnouncementKey(data.announcementId),
  prepareBatch: (ctx, batch) =>
    placesOf(
      ctx,
      batch.map((message) => message.data),
    ),
  async render(ctx, data, _recipient, prepared) {
    const person = await readPerson(ctx.db, data.userId, {
      email: users.email,
      firstName: users.firstName,
      isActive: users.isActive,
      employeeStatus: users.employeeStatus,
      participationStatus: users.participationStatus,
    });
    if (!person?.isActive || person.employeeStatus === "inactive") {
      throw new NoLongerFor("The person was deactivated since.");
    }
    if (person.participationStatus === "opted_out") {
      throw new NoLongerFor("The person opted out since.");
    }
    const places = prepared ?? (await placesOf(ctx, [data]));
    const place = places.get(placeKey(data.pairingId, data.userId));
    if (!samePartners(place?.partnerIds ?? [], data.partnerIds)) {
      throw new NoLongerFor("The person is no longer in the match this e-mail announces.");
    }
    const {
      AnnouncementEmail,
      announcementContent,
      announcementSubject,
      personalLinks,
      togetherLine,
    } = await rendering();
    const { common, headers } = await personalLinks(ctx, {
      userId: data.userId,
      greeting: person.firstName?.trim() || "there",
    });
    return {
      subject: announcementSubject(data.match, monthDisplay(data.month)),
      headers,
      template: AnnouncementEmail({
        content: announcementContent(ctx.config.appUrl, data.month),
        greetingName: common.greeting,
        news: null,
        match: data.match.kind === "partners" ? { ...data.match, starter: null } : data.match,
        unsubscribeUrl: common.unsubscribeUrl,
        times: place?.times ?? null,
        together: await togetherLine(ctx, [data.userId, ...data.partnerIds], true),
      }),
    };
  },
} satisfies MessageKind<RoundAnnouncementData, PreparedPlaces>;

function samePartners(now: string[], announced: string[]): boolean {
  const current = new Set(now);
  return current.size === announced.length && announced.every((id) => current.has(id));
}

/**
 * Each reader's active match in their pairing with its partners, and the match's three times
 * for them (docs/scheduling.md, "Booking from an e-mail"): the matches read in one query, their
 * times computed once per match (`matchProposals`), only the zone and the links the reader's.
 */
async function placesOf(
  ctx: AppContext,
  readers: ReadonlyArray<Pick<RoundAnnouncementData, "pairingId" | "userId">>,
): Promise<PreparedPlaces> {
  const places: PreparedPlaces = new Map();
  const byPairing = new Map<number, Set<string>>();
  for (const { pairingId, userId } of readers) {
    byPairing.set(pairingId, (byPairing.get(pairingId) ?? new Set()).add(userId));
  }
  const found: Array<{ matchId: number; pairingId: number; userId: string; memberIds: string[] }> =
    [];
  for (const [pairingId, userIds] of byPairing) {
    const rows = await ctx.db
      .select({ matchId: matches.id, memberIds: memberIdsSql(matches.id) })
      .from(matches)
      .where(
        and(
          eq(matches.pairingId, pairingId),
          eq(matches.status, "active"),
          // One JSON parameter, however many readers.
          sql`${matches.id} in ${matchIdsOfMembersSql(
            sql`array(select value::uuid from json_array_elements_text(${JSON.stringify([...userIds])}::json))`,
          )}`,
        ),
      );
    for (const row of rows) {
      for (const userId of row.memberIds.filter((id) => userIds.has(id))) {
        found.push({ matchId: row.matchId, pairingId, userId, memberIds: row.memberIds });
      }
    }
  }
  if (found.length === 0) return places;
  const { labelledTimes, linkedTimesFor, matchProposals } = await rendering();
  const proposals = await matchProposals(ctx, [...new Set(found.map((f) => f.matchId))]);
  const secret = await getAuthSecret(ctx);
  for (const { matchId, pairingId, userId, memberIds } of found) {
    const proposal = proposals.get(matchId);
    const linked = proposal && linkedTimesFor(ctx, secret, { matchId, proposal }, userId);
    places.set(placeKey(pairingId, userId), {
      partnerIds: memberIds.filter((id) => id !== userId),
      times: linked?.times.length ? labelledTimes(linked) : null,
    });
  }
  return places;
}
