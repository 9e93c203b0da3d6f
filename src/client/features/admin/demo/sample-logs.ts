import {
  AUTOMATIC_MAILS_PAGE,
  type AutomaticMailsPage,
  EMAIL_LOG_ENTRIES_PAGE,
  type EmailLog,
  type EmailLogEntriesPage,
  type EmailLogEntry,
} from "@shared/email-logs";
import { emailLogEndpoints } from "@shared/endpoints/newsletters";
import { newsletterTitle } from "@shared/newsletter-texts";
import { activePairingFile } from "@shared/pairing-file-names";
import { SAMPLE_REFUSAL, sampleDeliveryRefused } from "@shared/sample-company";
import { answerTo, type SampleAnswer } from "./sample-answer";
import { SAMPLE_GROUP, SAMPLE_GROUP_ID, samplePeople } from "./sample-people";
import { recordNames, samplePairings } from "./sample-rounds";

/**
 * Sample answers for the Email Send Logs tab (see sample-data.ts): each round's newsletter, the
 * running one's too, sent on the day its round was published to every member of the round, with the one
 * refused address of src/shared/sample-company.ts. The newest log is current, the older ones are
 * archived by it (docs/newsletters.md, "Send logs").
 */
/** The log's failure_reason for a refused address (src/server/newsletters/send/outcome.ts). */
const REFUSED_REASON = "The recipient's address was refused.";

const logs: Array<EmailLog & { entries: EmailLogEntry[] }> = samplePairings.map((pairing, i) => {
  const { round } = pairing;
  const [year, month] = round.month.split("-").map(Number);
  const at = round.publishedAt.toISOString();
  const entries: EmailLogEntry[] = round.matches.flatMap(({ members }) =>
    members.map((member) => {
      const refused = sampleDeliveryRefused(round, member);
      return {
        user_email: samplePeople[member].email,
        match_email: members
          .filter((other) => other !== member)
          .map((other) => samplePeople[other].email)
          .join(", "),
        send_status: refused ? "failed" : "success",
        match_validated: true,
        timestamp: at,
        error_message: refused ? SAMPLE_REFUSAL.text : null,
        error_code: refused ? SAMPLE_REFUSAL.code : null,
        failure_reason: refused ? REFUSED_REASON : null,
        validation_issues: [],
      };
    }),
  );
  const successful = entries.filter((e) => e.send_status === "success").length;
  return {
    id: i + 1,
    newsletter_id: i + 1,
    newsletter_title: newsletterTitle(month, year),
    month,
    year,
    sent_at: at,
    // A running pairing's newsletter links the pairing itself, a completed one's its record.
    pairing_file: pairing.fileName ?? activePairingFile(pairing.summary.id),
    pairing_display: pairing.fileName ? recordNames(pairing).displayName : pairing.summary.name,
    archive_filename: `newsletter-${round.month}-${i + 1}.json`,
    domain_group_id: SAMPLE_GROUP_ID,
    domain_group_name: SAMPLE_GROUP.displayName,
    total_recipients: entries.length,
    successful_sends: successful,
    failed_sends: entries.length - successful,
    match_validation_summary: {
      total_matches: entries.length,
      validated_matches: entries.length,
      mismatches: 0,
    },
    entries,
    is_archived: false,
    archived_at: null,
  };
});

const [newest, ...older] = [...logs].reverse().map(({ entries: _entries, ...log }) => log);

const keeps = {
  all: () => true,
  failed: (e: EmailLogEntry) => e.send_status !== "success",
  issues: (e: EmailLogEntry) => e.validation_issues.length > 0,
};

const idAt = emailLogEndpoints.entries.path.split("/").indexOf(":id");

/** A page of one log's entries, filtered as the server does. */
function entriesAnswer(url: URL): EmailLogEntriesPage {
  const id = Number(url.pathname.split("/")[idAt]);
  const filter = (url.searchParams.get("filter") ?? "all") as keyof typeof keeps;
  const offset = Number(url.searchParams.get("offset")) || 0;
  const limit = Number(url.searchParams.get("limit")) || EMAIL_LOG_ENTRIES_PAGE;
  const kept = (logs.find((log) => log.id === id)?.entries ?? []).filter(
    keeps[filter] ?? keeps.all,
  );
  return { entries: kept.slice(offset, offset + limit), total: kept.length, offset, limit };
}

/**
 * The automatic e-mails of the last 30 days: the sample company's people got none (the seed
 * queues no outbox message), so every page is empty, as the server answers it.
 */
function automaticAnswer(url: URL): AutomaticMailsPage {
  const offset = Number(url.searchParams.get("offset")) || 0;
  const limit = Number(url.searchParams.get("limit")) || AUTOMATIC_MAILS_PAGE;
  return { messages: [], total: 0, offset, limit };
}

export const sampleLogAnswers: Record<string, SampleAnswer> = Object.fromEntries([
  answerTo(emailLogEndpoints.current, newest ? [newest] : []),
  answerTo(
    emailLogEndpoints.archived,
    older.map((log) => ({ ...log, is_archived: true, archived_at: newest.sent_at })),
  ),
  answerTo(emailLogEndpoints.entries, entriesAnswer),
  answerTo(emailLogEndpoints.automatic, automaticAnswer),
]);
