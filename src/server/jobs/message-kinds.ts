import { newsletterMessage } from "../newsletters/send/newsletter-message";
import { newsletterTestMessage } from "../newsletters/test-send-message";
import { bookedTime } from "../outbox/kinds/booked-time";
import { bookingNudge } from "../outbox/kinds/booking-nudge";
import { checkInQuestion } from "../outbox/kinds/check-in-question";
import { companyInquiry } from "../outbox/kinds/company-inquiry";
import { invitation } from "../outbox/kinds/invitation";
import { invitationReminder } from "../outbox/kinds/invitation-reminder";
import { launchInvitation } from "../outbox/kinds/launch-invitation";
import { magicLink } from "../outbox/kinds/magic-link";
import { matchChange } from "../outbox/kinds/match-change";
import { pauseEnding } from "../outbox/kinds/pause-ending";
import { roundAnnouncement } from "../outbox/kinds/round-announcement";
import { roundDraftNotice } from "../outbox/kinds/round-draft-notice";
import { setPasswordLink } from "../outbox/kinds/set-password-link";
import { signInCode } from "../outbox/kinds/sign-in-code";
import {
  slackCheckIn,
  slackCheckInUpdate,
  slackIntro,
  slackNudge,
} from "../outbox/kinds/slack-kinds";
import { stillInQuestion } from "../outbox/kinds/still-in-question";
import {
  teamsChange,
  teamsCheckIn,
  teamsCheckInUpdate,
  teamsIntro,
  teamsNudge,
  teamsStillIn,
} from "../outbox/kinds/teams-kinds";
import { webhookEvent } from "../outbox/kinds/webhook-event";
import type {
  ChannelKind,
  ChannelKindLookup,
  KindLookup,
  MessageKind,
} from "../outbox/message-kind";

/**
 * Every kind of message the one delivery engine sends, a line each (docs/mail.md, "Adding a
 * message"; docs/decisions/0082-one-registry-of-message-kinds.md): a queued row names its kind,
 * and the worker renders or sends it with the kind found here. A kind is one file: in
 * `outbox/kinds/` when it needs only the layers below the outbox, in its feature's folder when it
 * renders with what only that feature knows (a newsletter's composer). This registry sits in
 * `jobs/`, above both, and the worker hands it to the outbox (`DeliverySettings.kindNamed`).
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
  // To everyone a newsletter goes to, when an admin sends it or a round announces with it.
  newsletterMessage,
  // To the address an admin names in the editor's Preview: the newsletter as one person gets it.
  newsletterTestMessage,
];

/**
 * The kinds of Slack, Teams and webhooks, a line each: each channel's transport sends its own
 * (docs/chat.md, "Adding a channel"), reading the payload with the kind's schema.
 */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every data type.
export const CHANNEL_KINDS: ReadonlyArray<ChannelKind<any, any>> = [
  // Slack: a running match's intro, the check-in question and its answer shown, the nudge.
  slackIntro,
  slackCheckIn,
  slackCheckInUpdate,
  slackNudge,
  // Teams: the same four, "still up for coffee chats?", and a change to a told match.
  teamsIntro,
  teamsCheckIn,
  teamsCheckInUpdate,
  teamsNudge,
  teamsStillIn,
  teamsChange,
  // A webhook call: one event to one endpoint.
  webhookEvent,
];

const byName = new Map(MESSAGE_KINDS.map((kind) => [kind.name, kind]));

/** The e-mail kind a queued row names, for the outbox's worker. */
export const messageKindNamed: KindLookup = (name) => byName.get(name);

const byChannelAndName = new Map(
  CHANNEL_KINDS.map((kind) => [`${kind.channel}:${kind.name}`, kind]),
);

/** The Slack, Teams or webhook kind a queued row names, for the channels' lanes. */
export const channelKindNamed: ChannelKindLookup = (channel, name) =>
  byChannelAndName.get(`${channel}:${name}`);
