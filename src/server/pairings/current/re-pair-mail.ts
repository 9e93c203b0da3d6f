import { joinNames } from "../../../shared/matches";
import type { AppContext } from "../../context";
import { activePairingFile } from "../../newsletters/newsletter-files";
import { announcePairing } from "../../newsletters/send/announce";
import { fullName } from "../members/pairing-members";

interface Person {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

/** Who a re-pair placed where: the person, and the partner(s) they now meet. */
export interface RePairNotice {
  kind: "pair" | "trio" | "four";
  pairingId: number;
  month: string;
  person: Person;
  partners: Person[];
}

type Log = { error(obj: unknown, message: string): void };

/**
 * Tells everyone in the person's new group, each in their own e-mail: the person who gets a new
 * partner, and the partner(s) who get the person. The match announcement of the newsletter's
 * composer (src/server/newsletters/compose/README.md) with a sentence of what changed; only people
 * who may receive it are written to. A failed send is logged and the others still go; the answer
 * counts the e-mails sent.
 */
export async function sendRePairMails(ctx: AppContext, notice: RePairNotice, log: Log) {
  const group = [notice.person, ...notice.partners];
  const announced = await announcePairing(ctx, activePairingFile(notice.pairingId), {
    only: new Set(group.map((p) => p.id)),
    newsFor: (recipient, period) => newsFor(notice, recipient, period),
    subject: (period) => `Your Cup of Joe match for ${period} has changed`,
    title: () => "Your coffee chat match has changed",
    log,
  });
  return announced.via === "announcement" ? announced.sent : 0;
}

function newsFor(notice: RePairNotice, recipient: { id: string }, period: string): string {
  const names = notice.partners.map(fullName);
  const size = notice.kind === "four" ? "four" : "three";
  if (recipient.id === notice.person.id) {
    return notice.kind === "pair"
      ? `Your coffee chat partner for ${period} is now ${names[0]}.`
      : `You join ${joinNames(names)} for a coffee chat in ${period}, as a group of ${size}.`;
  }
  const other = notice.partners.filter((p) => p.id !== recipient.id).map(fullName);
  return notice.kind === "pair"
    ? `${fullName(notice.person)} is your new coffee chat partner for ${period}.`
    : `${fullName(notice.person)} joins ${joinNames(["you", ...other])} for your ${period} coffee chat.`;
}
