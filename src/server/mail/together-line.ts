import { inArray } from "drizzle-orm";
import { commonInterests, sharedInterestsLine } from "../../shared/interests";
import { groupMeeting, meetingWords } from "../../shared/offices";
import type { AppContext } from "../context";
import { users } from "../db/schema";

/**
 * The intro's line on how a match meets and what its members share (docs/pairings.md, "The
 * introduction"): "You meet in person at the Berlin office. You both like climbing." Null when
 * there is nothing to say. `memberIds` starts with the reader.
 */
export async function togetherLine(
  ctx: Pick<AppContext, "db">,
  memberIds: readonly string[],
): Promise<string | null> {
  if (memberIds.length < 2) return null;
  const rows = await ctx.db
    .select({ id: users.id, meet: users.meetWay, office: users.office, interests: users.interests })
    .from(users)
    .where(inArray(users.id, [...memberIds]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const members = memberIds.flatMap((id) => byId.get(id) ?? []);
  if (members.length < 2) return null;
  const meeting = groupMeeting(members);
  const lines = [
    meeting ? `You meet ${meetingWords(meeting)}.` : "",
    sharedInterestsLine(commonInterests(members.map((m) => m.interests)), members.length),
  ].filter(Boolean);
  return lines.length > 0 ? lines.join(" ") : null;
}
