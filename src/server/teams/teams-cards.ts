import {
  ActionSet,
  AdaptiveCard,
  Column,
  ColumnSet,
  Container,
  ExecuteAction,
  Image,
  OpenUrlAction,
  TextBlock,
} from "@microsoft/teams.cards";
import type { CheckInAnswer, StillInChoice } from "../../shared/check-in-answers";
import { joinNames } from "../../shared/matches";
import { monthDisplay } from "../../shared/pairings";

/** What the Bot Connector posts: a line for notifications and the Adaptive Card. */
export interface TeamsMessage {
  text: string;
  card: AdaptiveCard;
}

export interface TeamsIntroMember {
  userId: string;
  name: string;
  department: string | null;
  bio: string | null;
  /** An absolute https address of their photo, or null. */
  photoUrl: string | null;
}

/** A proposed time and the signed link of the page that books it. */
export interface TeamsIntroTime {
  start: string;
  url: string;
}

/** The verb of the check-in buttons (Action.Execute): the card action the bot receives. */
export const CHECK_IN_VERB = "check_in";
/** The verb of the "still up for coffee chats?" buttons. */
export const STILL_IN_VERB = "still_in";

/**
 * A time as Adaptive Cards' date functions, which each reader's Teams shows in their own zone
 * (RFC 3339, whole seconds).
 */
const localTime = (start: string) => {
  const iso = `${new Date(start).toISOString().slice(0, 19)}Z`;
  return `{{DATE(${iso}, SHORT)}}, {{TIME(${iso})}}`;
};

function person(member: TeamsIntroMember) {
  const lines = [
    new TextBlock(member.name, { weight: "Bolder", wrap: true }),
    ...(member.department
      ? [new TextBlock(member.department, { isSubtle: true, spacing: "None", wrap: true })]
      : []),
    ...(member.bio ? [new TextBlock(member.bio, { wrap: true, maxLines: 4 })] : []),
  ];
  const text = new Column(...lines).withWidth("stretch");
  if (!member.photoUrl) return new ColumnSet().withColumns(text);
  const photo = new Column(
    new Image(member.photoUrl, { size: "Small", style: "Person", altText: member.name }),
  ).withWidth("auto");
  return new ColumnSet().withColumns(photo, text);
}

const times = (list: readonly TeamsIntroTime[]) =>
  list.length === 0
    ? []
    : [
        new TextBlock("Times that fit everyone (in your own time zone):", {
          weight: "Bolder",
          wrap: true,
        }),
        ...list.map((time) =>
          new ColumnSet().withColumns(
            new Column(new TextBlock(localTime(time.start), { wrap: true })).withWidth("stretch"),
            new Column(new ActionSet(new OpenUrlAction(time.url, { title: "Book" }))).withWidth(
              "auto",
            ),
          ),
        ),
      ];

/**
 * The intro (docs/chat.md, "Microsoft Teams"): to one reader in their 1:1 chat naming the others,
 * or to the match's group chat naming everyone; the organiser, the three times with a Book button
 * each, the conversation starter and the matches page.
 */
export function introCard(intro: {
  month: string;
  named: TeamsIntroMember[];
  organiser: TeamsIntroMember;
  forOrganiser: boolean;
  starter: string;
  appUrl: string;
  times: readonly TeamsIntroTime[];
  group: boolean;
  /** How the match meets and what its members share (mail/together-line.ts), or null. */
  together?: string | null;
  /** Members not in the group chat, told by e-mail instead. */
  byEmail?: readonly string[];
}): TeamsMessage {
  const month = monthDisplay(intro.month);
  const names = joinNames(intro.named.map((m) => m.name));
  const organiser = intro.forOrganiser
    ? "You organise this month: please suggest a time that suits everyone."
    : `${intro.organiser.name} organises this month and will suggest a time.`;
  const card = new AdaptiveCard(
    new TextBlock(`☕ Your coffee chat for ${month}`, { size: "Medium", weight: "Bolder" }),
    new TextBlock(intro.group ? "You are matched this month:" : "You are matched with:", {
      wrap: true,
    }),
    new Container(...intro.named.map(person)),
    ...(intro.together ? [new TextBlock(intro.together, { wrap: true })] : []),
    new TextBlock(intro.group ? `Organiser: ${intro.organiser.name}` : organiser, { wrap: true }),
    ...(intro.byEmail?.length
      ? [
          new TextBlock(
            `${joinNames([...intro.byEmail])} ${intro.byEmail.length === 1 ? "is" : "are"} not in Teams and got this by e-mail: please include them when you set a time.`,
            { wrap: true, isSubtle: true },
          ),
        ]
      : []),
    ...times(intro.times),
    new TextBlock(`Conversation starter: ${intro.starter}`, { wrap: true, isSubtle: true }),
    new ActionSet(
      new OpenUrlAction(`${intro.appUrl}/matches`, { title: "Schedule your coffee chat" }),
    ),
  );
  return { text: `Your coffee chat for ${month}: ${names}.`, card };
}

const answerLabels: Record<CheckInAnswer, string> = {
  met: "Met",
  not_yet: "Not yet",
  skip: "Skip this month",
};

/** "Did you meet …?" with the three answers as card actions (docs/chat.md, "The check-in"). */
export function checkInCard(check: {
  month: string;
  partnerNames: string[];
  matchId: number;
}): TeamsMessage {
  const question = `Did you meet ${joinNames(check.partnerNames)}?`;
  const card = new AdaptiveCard(
    new TextBlock(question, { weight: "Bolder", wrap: true }),
    new TextBlock(`Your coffee chat of ${monthDisplay(check.month)}.`, { wrap: true }),
    new ActionSet(
      ...(Object.keys(answerLabels) as CheckInAnswer[]).map((answer) =>
        new ExecuteAction({ title: answerLabels[answer] })
          .withVerb(CHECK_IN_VERB)
          .withData({ matchId: check.matchId, answer, question }),
      ),
    ),
  );
  return { text: question, card };
}

/** What the check-in card becomes once pressed: the answer, or why it was not taken. */
export function answeredCard(question: string, outcome: string): AdaptiveCard {
  return new AdaptiveCard(
    new TextBlock(question, { weight: "Bolder", wrap: true }),
    new TextBlock(outcome, { wrap: true }),
  );
}

/** The one reminder a silent match gets, addressed to its organiser (docs/chat.md, "The nudge"). */
export function nudgeCard(nudge: { organiserName: string; appUrl: string }): TeamsMessage {
  const text = `${nudge.organiserName}, a gentle nudge: have you found a time for your coffee chat yet? A short call counts too.`;
  const card = new AdaptiveCard(
    new TextBlock(text, { wrap: true }),
    new ActionSet(
      new OpenUrlAction(`${nudge.appUrl}/matches`, { title: "Schedule your coffee chat" }),
    ),
  );
  return { text, card };
}

/** The Bot Connector's message activity carrying a card. */
export const messageActivity = (message: TeamsMessage) => ({
  type: "message",
  text: message.text,
  attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: message.card }],
});

/** A change to the reader's match after the announcement: the same words as its e-mail. */
export function changeCard(change: {
  title: string;
  lines: readonly string[];
  action?: { url: string; label: string };
}): TeamsMessage {
  const card = new AdaptiveCard(
    new TextBlock(change.title, { weight: "Bolder", size: "Medium", wrap: true }),
    ...change.lines.map((line) => new TextBlock(line, { wrap: true })),
    ...(change.action
      ? [new ActionSet(new OpenUrlAction(change.action.url, { title: change.action.label }))]
      : []),
  );
  return { text: change.title, card };
}

const stillInLabels: Record<StillInChoice, string> = {
  stay_in: "Count me in",
  pause: "Pause 3 months",
  opt_out: "Opt out",
};

/** "Still up for coffee chats?" to a quiet person (docs/check-ins.md, "Quiet people"). */
export function stillInCard(questionId: number): TeamsMessage {
  const question = "Still up for coffee chats?";
  const card = new AdaptiveCard(
    new TextBlock(question, { weight: "Bolder", wrap: true }),
    new TextBlock(
      "You have not answered in your last three coffee chat rounds, so we left you out of the next ones until you tell us.",
      { wrap: true },
    ),
    new ActionSet(
      ...(Object.keys(stillInLabels) as StillInChoice[]).map((choice) =>
        new ExecuteAction({ title: stillInLabels[choice] })
          .withVerb(STILL_IN_VERB)
          .withData({ questionId, choice, question }),
      ),
    ),
  );
  return { text: question, card };
}
