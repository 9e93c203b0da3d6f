import type { ChannelKind, MessageKind } from "../message-kind";
import { bookedTime } from "./booked-time";
import { bookingNudge } from "./booking-nudge";
import { checkInQuestion } from "./check-in-question";
import { companyInquiry } from "./company-inquiry";
import { invitation } from "./invitation";
import { invitationReminder } from "./invitation-reminder";
import { launchInvitation } from "./launch-invitation";
import { magicLink } from "./magic-link";
import { matchChange } from "./match-change";
import { pauseEnding } from "./pause-ending";
import { roundAnnouncement } from "./round-announcement";
import { roundDraftNotice } from "./round-draft-notice";
import { setPasswordLink } from "./set-password-link";
import { signInCode } from "./sign-in-code";
import { slackCheckIn, slackCheckInUpdate, slackIntro, slackNudge } from "./slack-kinds";
import { stillInQuestion } from "./still-in-question";
import { teamsChange, teamsCheckIn, teamsIntro, teamsNudge, teamsStillIn } from "./teams-kinds";
import { webhookEvent } from "./webhook-event";

/**
 * Every kind of message the outbox delivers (docs/mail.md, "Adding a message"), a line each: a
 * queued row names its kind, and delivery renders it with the kind found here.
 */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every data type.
export const MESSAGE_KINDS: ReadonlyArray<MessageKind<any, any>> = [
  // To whoever asked, urgent: a sign-in code, a sign-in link.
  signInCode,
  magicLink,
  // To an admin, urgent: a link to set their password.
  setPasswordLink,
  // To the admins: a round's draft waits for review.
  roundDraftNotice,
  // To the operator: a company asked about Cup of Joe.
  companyInquiry,
  // To a member of a running match: did you meet? (and its one reminder).
  checkInQuestion,
  // To a quiet person: still up for coffee chats?
  stillInQuestion,
  // To a paused person, a week before their pause ends.
  pauseEnding,
  // To a person whose running match changed (with the match's calendar message, or only that).
  matchChange,
  // To each member of a match whose chat's time was picked or moved: its calendar invitation.
  bookedTime,
  // To a match's organiser: nobody has booked yet, here are the three times again.
  bookingNudge,
  // To every address the whitelist names and every account it admits: the launch invitation.
  launchInvitation,
  // To whitelisted people an admin invites who have not signed up: the same invitation.
  invitation,
  // To an invited address that has not joined, 3 and 10 days after its first invitation.
  invitationReminder,
  // To everyone a published round tells about their match, without an approved newsletter.
  roundAnnouncement,
];

/** The kinds of the other channels, sent by each channel's transport (docs/chat.md). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every data type.
export const CHANNEL_KINDS: ReadonlyArray<ChannelKind<any, any>> = [
  slackIntro,
  slackCheckIn,
  slackCheckInUpdate,
  slackNudge,
  teamsIntro,
  teamsCheckIn,
  teamsNudge,
  teamsStillIn,
  teamsChange,
  webhookEvent,
];

const byName = new Map(MESSAGE_KINDS.map((kind) => [kind.name, kind]));

export function kindNamed(name: string): MessageKind<unknown, unknown> | undefined {
  return byName.get(name);
}
