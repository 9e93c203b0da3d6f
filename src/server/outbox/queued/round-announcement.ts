import type { MatchView } from "../../mail/templates/views";
import type { QueuedKind } from "../message-kind";

/**
 * One person's short announcement of a published round (docs/rounds.md, "The announcement goes
 * through the outbox"): their place in the pairing as it was published, read when it was queued.
 */
export interface RoundAnnouncementData {
  /** The announcement's `newsletters` row (kind `announcement`): its send log. */
  announcementId: number;
  pairingId: number;
  /** "2027-03" */
  month: string;
  userId: string;
  /** Their partners as the e-mail shows them, or that they sat out. */
  match: Extract<MatchView, { kind: "partners" | "sat-out" }>;
  /** Who the partners are: the e-mail goes only while they still are (none for who sat out). */
  partnerIds: string[];
}

/** The key of an announcement's messages (one per recipient and announcement): this and its id. */
export const ROUND_ANNOUNCEMENT_KEY = "announcement-";
export const roundAnnouncementKey = (announcementId: number) =>
  `${ROUND_ANNOUNCEMENT_KEY}${announcementId}`;

/** What a round's publish queues of the kind (its rendering: `kinds/round-announcement.ts`). */
export const queuedRoundAnnouncement = {
  name: "round-announcement",
  onceKey: (data) => roundAnnouncementKey(data.announcementId),
} satisfies QueuedKind<RoundAnnouncementData>;
