import type { MeetWay } from "./enums";
import { commonInterests, pairInterestsLines, sharedInterestsLine } from "./interests";
import { groupMeeting, meetingWords } from "./offices";

/** What the intro reads of one member: their own choices on how to meet and their interests. */
export interface TogetherMember {
  firstName: string | null;
  meet: MeetWay | null;
  office: string | null;
  interests: readonly string[];
}

/**
 * How a match meets and what its members share, in the intro's words (docs/pairings.md, "The
 * introduction"): `meeting` "in person at the Berlin office" or "online", null when nobody stated
 * a way or an office; `shared` "You both like climbing.", in a group also what two members share
 * beyond what all share, "" when nothing. `members` starts with the reader; with `reader` the
 * pairs named are only the reader's ("You and Ana …", one person reading), else every pair ("Ana
 * and Bo …", a chat the whole group reads).
 */
export function matchTogether(
  members: readonly TogetherMember[],
  reader: boolean,
): { meeting: string | null; shared: string } {
  if (members.length < 2) return { meeting: null, shared: "" };
  const meeting = groupMeeting(members);
  const common = commonInterests(members.map((m) => m.interests));
  const named = members.map((m) => ({
    name: m.firstName ?? "a colleague",
    interests: m.interests,
  }));
  const shared = [
    sharedInterestsLine(common, members.length),
    members.length > 2 ? pairInterestsLines(named, common, reader) : "",
  ].filter(Boolean);
  return { meeting: meeting ? meetingWords(meeting) : null, shared: shared.join(" ") };
}

/** "in person at the Berlin office" → "In person at the Berlin office": the words on their own line. */
export function meetingLabel(meeting: string): string {
  return meeting.charAt(0).toUpperCase() + meeting.slice(1);
}
