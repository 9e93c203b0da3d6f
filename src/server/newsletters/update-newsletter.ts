import { and, eq, inArray } from "drizzle-orm";
import {
  checkBrainBuzzer,
  type Newsletter,
  type NewsletterUpdate,
  type StoredValidation,
} from "../../shared/newsletters";
import type { AppContext } from "../context";
import { type NewsletterRow, newsletters } from "../db/schema";
import { BadRequest, Validation } from "../errors";
import { validatePairing } from "./compose/composer";
import { toStoredValidation } from "./compose/validate";
import { describePairing } from "./newsletter-files";
import { EDITABLE_STATUSES, lockedConflict } from "./newsletter-state";
import { findNewsletter, parseList, presentNewsletter } from "./present";

const LIST_FIELDS = ["brainBuzzerChoices", "coffeeChatStarters", "proTips"] as const;

/**
 * Saves the editor's newsletter (fields left out keep their value). Sending and sent newsletters
 * are refused; the status guard is part of the UPDATE, so a send starting meanwhile wins. With a
 * linked pairing the save validates it again: critical issues put an approved newsletter back to
 * draft. Linking another pairing replaces the earlier validation.
 */
export async function updateNewsletter(
  ctx: AppContext,
  id: number,
  input: NewsletterUpdate,
): Promise<Newsletter> {
  const current = await findNewsletter(ctx, id);
  if (!isEditable(current)) throw lockedConflict(current, "edited");

  const changes = toColumns(input);
  const merged = { ...current, ...changes };
  checkBrainBuzzer(
    merged.brainBuzzerQuestion,
    parseList(merged.brainBuzzerChoices),
    merged.brainBuzzerCorrectAnswer,
    (message, field) => {
      throw new Validation(message, field);
    },
  );

  const linked = await describePairing(ctx, merged.pairingFile);
  if (merged.pairingFile && !linked) {
    throw new BadRequest(
      "The chosen pairing does not exist. Please choose one from the list.",
      "unknown_pairing",
    );
  }
  const validation = await revalidate(ctx, merged.pairingFile);
  const status =
    current.status === "approved" && validation && !validation.isValid ? "draft" : current.status;
  const [saved] = await ctx.db
    .update(newsletters)
    .set({
      ...changes,
      validation,
      status,
      domainGroupId: linked?.domainGroupId ?? null,
      updatedAt: ctx.clock.now(),
    })
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, [...EDITABLE_STATUSES])))
    .returning();
  if (!saved) throw lockedConflict(await findNewsletter(ctx, id), "edited");
  return presentNewsletter(ctx, saved);
}

function isEditable(row: NewsletterRow): boolean {
  return (EDITABLE_STATUSES as readonly string[]).includes(row.status);
}

/** The update's columns: undefined fields left out, lists stored as JSON text. */
function toColumns(input: NewsletterUpdate): Partial<NewsletterRow> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    columns[key] = (LIST_FIELDS as readonly string[]).includes(key) ? JSON.stringify(value) : value;
  }
  return columns as Partial<NewsletterRow>;
}

async function revalidate(
  ctx: AppContext,
  pairingFile: string | null,
): Promise<StoredValidation | null> {
  if (!pairingFile) return null;
  return toStoredValidation(pairingFile, await validatePairing(ctx, pairingFile), ctx.clock.now());
}
