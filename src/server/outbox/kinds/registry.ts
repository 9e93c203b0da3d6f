import type { MessageKind } from "../message-kind";
import { bookingNudge } from "./booking-nudge";
import { checkInQuestion } from "./check-in-question";
import { companyInquiry } from "./company-inquiry";
import { roundDraftNotice } from "./round-draft-notice";
import { stillInQuestion } from "./still-in-question";

/**
 * Every kind of message the outbox delivers (docs/mail.md, "Adding a message"), a line each: a
 * queued row names its kind, and delivery renders it with the kind found here.
 */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every data type.
export const MESSAGE_KINDS: ReadonlyArray<MessageKind<any>> = [
  // To the admins: a round's draft waits for review.
  roundDraftNotice,
  // To the operator: a company asked about Cup of Joe.
  companyInquiry,
  // To a member of a running match: did you meet? (and its one reminder).
  checkInQuestion,
  // To a quiet person: still up for coffee chats?
  stillInQuestion,
  // To a match's organiser: nobody has booked yet, here are the three times again.
  bookingNudge,
];

const byName = new Map(MESSAGE_KINDS.map((kind) => [kind.name, kind]));

export function kindNamed(name: string): MessageKind<unknown> | undefined {
  return byName.get(name);
}
