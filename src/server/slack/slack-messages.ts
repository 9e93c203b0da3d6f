import type { Block, KnownBlock } from "@slack/web-api";
import { bookingTimeLabel } from "../../shared/booking";
import type { CheckInAnswer } from "../../shared/check-in-answers";
import { joinNames } from "../../shared/matches";
import { monthDisplay } from "../../shared/pairings";
import { withZone } from "../../shared/zone-names";

/** A message for chat.postMessage / chat.update: the fallback text and its Block Kit blocks. */
export interface SlackMessage {
  text: string;
  blocks: (Block | KnownBlock)[];
}

export interface IntroMember {
  slackUserId: string;
  name: string;
  department: string | null;
}

/** Slack's mrkdwn escapes (`&`, `<`, `>`); every name and text of ours goes through it. */
export function slackEscape(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

const section = (text: string): KnownBlock => ({ type: "section", text: { type: "mrkdwn", text } });

const named = (m: IntroMember) =>
  `<@${m.slackUserId}> ${slackEscape(m.name)}${m.department ? ` (${slackEscape(m.department)})` : ""}`;

const scheduleButton = (appUrl: string): KnownBlock => ({
  type: "actions",
  block_id: "schedule",
  elements: [
    {
      type: "button",
      action_id: "schedule",
      text: { type: "plain_text", text: "Schedule your coffee chat" },
      url: `${appUrl}/matches`,
    },
  ],
});

/** A proposed time and the signed link of the page that books it. */
export interface IntroTime {
  start: string;
  url: string;
}

/**
 * A time as Slack's date formatting (`<!date^unix^format^link|fallback>`): each reader's Slack
 * shows it in their own zone, and it links to the booking page. The fallback, for a client that
 * cannot format dates, is in UTC, named as every zone is.
 */
export function slackTimeLink(time: IntroTime): string {
  const unix = Math.floor(new Date(time.start).getTime() / 1000);
  const fallback = withZone(bookingTimeLabel(time.start, "UTC"), "UTC");
  return `<!date^${unix}^{date_short_pretty}, {time}^${time.url}|${slackEscape(fallback)}>`;
}

const proposedTimes = (times: readonly IntroTime[]) =>
  section(
    `*Times that fit everyone* (shown in your own time zone; one press opens the page that books it for the match):\n${times
      .map((time) => `• ${slackTimeLink(time)}`)
      .join("\n")}`,
  );

/**
 * The intro in the match's own conversation (docs/chat.md, "The intro"), with the three times that
 * fit everyone when there are any (docs/scheduling.md, "In Slack").
 */
export function introMessage(intro: {
  month: string;
  members: IntroMember[];
  organiser: IntroMember;
  starter: string;
  appUrl: string;
  times?: readonly IntroTime[];
  /** How the match meets and what its members share (mail/together-line.ts), or null. */
  together?: string | null;
}): SlackMessage {
  const month = monthDisplay(intro.month);
  const people = intro.members.map((m) => `• ${named(m)}`).join("\n");
  return {
    text: `Your coffee chat for ${month}: ${intro.members.map((m) => m.name).join(", ")}.`,
    blocks: [
      section(`:coffee: *Your coffee chat for ${month}*\nYou are matched this month:\n${people}`),
      ...(intro.together ? [section(slackEscape(intro.together))] : []),
      section(
        `*Organiser this month:* <@${intro.organiser.slackUserId}>, please suggest a time that suits everyone.`,
      ),
      ...(intro.times?.length ? [proposedTimes(intro.times)] : []),
      section(`*Conversation starter:* ${slackEscape(intro.starter)}`),
      scheduleButton(intro.appUrl),
    ],
  };
}

export const CHECK_IN_ACTIONS: Record<CheckInAnswer, string> = {
  met: "check_in_met",
  not_yet: "check_in_not_yet",
  skip: "check_in_skip",
};

const buttonLabels: Record<CheckInAnswer, string> = {
  met: "Met",
  not_yet: "Not yet",
  skip: "Skip this month",
};

/** "Did you meet …?" as a direct message with three buttons (docs/chat.md, "The check-in"). */
export function checkInMessage(check: {
  month: string;
  partnerNames: string[];
  matchId: number;
}): SlackMessage {
  const question = `Did you meet ${slackEscape(joinNames(check.partnerNames))}?`;
  return {
    text: `${question} (${monthDisplay(check.month)})`,
    blocks: [
      section(`*${question}*\nYour coffee chat of ${monthDisplay(check.month)}.`),
      {
        type: "actions",
        block_id: "check_in",
        elements: (Object.keys(CHECK_IN_ACTIONS) as CheckInAnswer[]).map((answer) => ({
          type: "button",
          action_id: CHECK_IN_ACTIONS[answer],
          text: { type: "plain_text", text: buttonLabels[answer] },
          value: String(check.matchId),
          ...(answer === "met" ? { style: "primary" as const } : {}),
        })),
      },
    ],
  };
}

/** What the check-in message becomes once pressed: the answer, or why it was not taken. */
export function answeredMessage(question: string, outcome: string): SlackMessage {
  return {
    text: outcome,
    blocks: [section(`*${slackEscape(question)}*\n${slackEscape(outcome)}`)],
  };
}

/** The one reminder a silent match gets, addressed to its organiser (docs/chat.md, "The nudge"). */
export function nudgeMessage(nudge: { organiserSlackId: string; appUrl: string }): SlackMessage {
  const text = `<@${nudge.organiserSlackId}>, a gentle nudge: have you found a time for your coffee chat yet? A short call counts too.`;
  return {
    text: "A gentle nudge: have you found a time for your coffee chat yet?",
    blocks: [section(text), scheduleButton(nudge.appUrl)],
  };
}
