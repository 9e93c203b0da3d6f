import { eq } from "drizzle-orm";
import {
  type Newsletter,
  type StoredValidation,
  storedValidationSchema,
} from "../../shared/newsletters";
import type { AppContext } from "../context";
import { type NewsletterRow, newsletters } from "../db/schema";
import { NotFound } from "../errors";
import { pairingDisplayNames } from "./newsletter-files";

export const newsletterNotFound = () => new NotFound("Newsletter not found");

export async function findNewsletter(ctx: AppContext, id: number): Promise<NewsletterRow> {
  const [row] = await ctx.db.select().from(newsletters).where(eq(newsletters.id, id));
  if (!row) throw newsletterNotFound();
  return row;
}

/** The stored validation, only while it is about the pairing that is still linked. */
export function currentValidation(row: NewsletterRow): StoredValidation | null {
  const parsed = storedValidationSchema.safeParse(row.validation);
  if (!parsed.success || !row.pairingFile) return null;
  return parsed.data.pairingFile === row.pairingFile ? parsed.data : null;
}

/** Newsletters in the API shape (`newsletterSchema`), their pairings' names read in one go. */
export async function presentNewsletters(
  ctx: AppContext,
  rows: readonly NewsletterRow[],
): Promise<Newsletter[]> {
  const names = await pairingDisplayNames(
    ctx,
    rows.map((row) => row.pairingFile),
  );
  return rows.map((row) => toNewsletter(row, names.get(row.pairingFile ?? "") ?? null));
}

export async function presentNewsletter(ctx: AppContext, row: NewsletterRow): Promise<Newsletter> {
  const [newsletter] = await presentNewsletters(ctx, [row]);
  return newsletter;
}

/** The API shape, from an explicit field list. */
function toNewsletter(row: NewsletterRow, pairingDisplayName: string | null): Newsletter {
  return {
    id: row.id,
    month: row.month,
    year: row.year,
    title: row.title,
    description: row.description,
    status: row.status,
    moodDescription: row.moodDescription,
    moodImageUrl: row.moodImageUrl,
    newsletterImageUrl: row.newsletterImageUrl,
    quoteText: row.quoteText,
    quoteAuthor: row.quoteAuthor,
    brainBuzzerQuestion: row.brainBuzzerQuestion,
    brainBuzzerChoices: row.brainBuzzerChoices,
    brainBuzzerCorrectAnswer: row.brainBuzzerCorrectAnswer,
    coffeeChatsParagraph: row.coffeeChatsParagraph,
    coffeeChatStarters: row.coffeeChatStarters,
    proTips: row.proTips,
    pairingFile: row.pairingFile,
    pairingDisplayName,
    matchPlaceholder: row.matchPlaceholder,
    closingMessage: row.closingMessage,
    subject: row.subject ?? row.title,
    adminNotes: row.adminNotes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    validationResult: currentValidation(row),
  };
}

/** A stored JSON text list as strings; anything malformed reads as empty. */
export function parseList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
