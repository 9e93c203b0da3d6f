import { formatMatchMonth, joinNames } from "../../../shared/matches";
import { getAuthSecret } from "../../auth/auth-secret";
import { type Recipient, sendAutomaticMail } from "../../check-ins/send-automatic-mail";
import type { AppContext } from "../../context";
import { MatchChangedEmail } from "../../mail/templates/match-changed-email";
import { fullName } from "../members/pairing-members";
import { type RePairNotice, sendRePairMails } from "./re-pair-mail";

export type Person = RePairNotice["person"];

/**
 * What a change to a running month's match tells each person whose partner changed
 * (docs/matches.md, "When a match changes"): collected inside the operation's transaction, sent
 * after its commit.
 */
export type ChangeNotice =
  /** Someone was placed: they and their new partner(s) get the re-pair e-mail. */
  | { kind: "re-paired"; notice: RePairNotice }
  /** Someone left a group of three or four: the others go on without them. */
  | { kind: "group-smaller"; month: string; left: Person; staying: Person[] }
  /** Someone left a pair and nobody without a partner could meet the other. */
  | { kind: "left-alone"; month: string; left: Person; person: Person }
  /** An admin deleted the running pairing: this person's match is off. */
  | { kind: "pairing-deleted"; month: string; person: Person; partners: Person[] }
  /** A partner said this person is away: they are out of this month's chat unless they say otherwise. */
  | { kind: "reported-away"; month: string; person: Person; notAwayUrl: string };

type Log = { error(obj: unknown, message: string): void };

/** Sends every notice; a failed e-mail is logged and the others still go. Answers how many went. */
export async function sendChangeNotices(
  ctx: AppContext,
  notices: readonly ChangeNotice[],
  log: Log,
): Promise<number> {
  let sent = 0;
  for (const notice of notices) {
    if (notice.kind === "re-paired") {
      sent += await sendRePairMails(ctx, notice.notice, log);
      continue;
    }
    for (const [recipient, lines, action] of mailsOf(notice)) {
      try {
        const secret = await getAuthSecret(ctx);
        await sendAutomaticMail(ctx, secret, recipient, titleOf(notice), (common) =>
          MatchChangedEmail({ ...common, title: titleOf(notice), lines, action }),
        );
        sent++;
      } catch (error) {
        log.error({ err: error, userId: recipient.id }, "match change e-mail failed");
      }
    }
  }
  return sent;
}

function titleOf(notice: Exclude<ChangeNotice, { kind: "re-paired" }>): string {
  const period = formatMatchMonth(notice.month);
  return notice.kind === "reported-away"
    ? `We heard you're away in ${period}`
    : `Your Cup of Joe match for ${period} has changed`;
}

type Mail = [Recipient, string[], { url: string; label: string } | undefined];

function mailsOf(notice: Exclude<ChangeNotice, { kind: "re-paired" }>): Mail[] {
  const period = formatMatchMonth(notice.month);
  if (notice.kind === "group-smaller") {
    return notice.staying.map((person) => {
      const others = notice.staying.filter((p) => p.id !== person.id).map(fullName);
      return [
        person,
        [
          `${fullName(notice.left)} can no longer take part in ${period}.`,
          `Your coffee chat goes on with ${joinNames(others)}: nothing else changes for you.`,
        ],
        undefined,
      ];
    });
  }
  if (notice.kind === "pairing-deleted") {
    const withWhom = notice.partners.length
      ? ` with ${joinNames(notice.partners.map(fullName))}`
      : "";
    return [
      [
        notice.person,
        [
          `An admin withdrew this month's pairing, so your ${period} coffee chat${withWhom} is off.`,
          "If the month is paired again, you will get an e-mail naming your new partner; otherwise you are in next month's round as usual.",
        ],
        undefined,
      ],
    ];
  }
  if (notice.kind === "left-alone") {
    return [
      [
        notice.person,
        [
          `${fullName(notice.left)} can no longer take part in ${period}, so your coffee chat with them is off.`,
          "Right now nobody without a partner is free to meet you. An admin can still pair you with someone this month; if not, you are in next month's round as usual.",
        ],
        undefined,
      ],
    ];
  }
  return [
    [
      notice.person,
      [
        `A partner of yours told us you're away in ${period}, so we took you out of this month's coffee chat and will not pair you again this month.`,
        "If that's not right, press the button: we'll put you back and find you a partner if someone is free.",
      ],
      { url: notice.notAwayUrl, label: "I'm not away" },
    ],
  ];
}
