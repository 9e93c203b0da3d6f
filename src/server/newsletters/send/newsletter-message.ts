import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context";
import { type NewsletterRow, newsletters } from "../../db/schema";
import type { ProposedTimesView } from "../../mail/templates/views";
import { type MessageKind, NoLongerFor } from "../../outbox/message-kind";
import type { Composition } from "../compose/composer";

/**
 * The composer, loaded when the worker delivers: a sender queueing a newsletter loads neither it
 * nor the templates and proposed times it renders with (docs/architecture.md, "Three walks").
 */
const composer = () => import("../compose/composer");

/** One person's newsletter (or an earlier release's round announcement queued in the ledger). */
const newsletterMessageData = z.object({
  /** The `newsletters` row it belongs to: its send log. */
  newsletterId: z.number().int(),
  /** Null for an address whose account was gone when it was queued (an earlier release's rows). */
  userId: z.string().nullable(),
  /** The partners' addresses for the send log ("a@x, b@x" for a trio); null for who sat out. */
  matchEmail: z.string().nullable(),
});
export type NewsletterMessageData = z.infer<typeof newsletterMessageData>;

/** The key of a newsletter's messages (one per recipient and newsletter): this and its id. */
export const NEWSLETTER_MESSAGE_KEY = "newsletter-";
export const newsletterMessageKey = (newsletterId: number) =>
  `${NEWSLETTER_MESSAGE_KEY}${newsletterId}`;

/** A newsletter's composition for a batch, or why it cannot be composed (every message fails). */
type Composed = Composition | Error;
type PreparedNewsletters = Map<number, Composed>;

/**
 * A newsletter to one recipient (docs/newsletters.md, "Sending"), queued by start-send.ts in the
 * transaction that turns the newsletter `sending`. Delivered by the outbox like every message
 * (claims, leases, retries through an outage); rendered at delivery from the newsletter's
 * composition, which is composed and its layouts rendered with React once per process and
 * version of the newsletter (`prepareBatch`), so a message only fills its person in. An e-mail
 * that cannot be built fails as `ERENDER`, which holds the send back (finish-send.ts). Defined
 * here, above the outbox, and registered with the outbox's own kinds by jobs/message-kinds.ts.
 */
export const newsletterMessage = {
  name: "newsletter",
  mailKind: "newsletter",
  schema: newsletterMessageData,
  onceKey: (data) => newsletterMessageKey(data.newsletterId),
  async prepareBatch(ctx, batch) {
    const prepared: PreparedNewsletters = new Map();
    const ids = [...new Set(batch.map((message) => message.data.newsletterId))];
    const rows = await ctx.db.select().from(newsletters).where(inArray(newsletters.id, ids));
    for (const row of rows) {
      const composed = await compositionOf(ctx, row);
      prepared.set(row.id, composed);
      if (composed instanceof Error) continue;
      const readers = batch.flatMap(({ data }) =>
        data.newsletterId === row.id && data.userId ? [{ userId: data.userId }] : [],
      );
      // The times proposed to the batch's readers, once per match; without them each reads its own.
      await composed.prepareTimes(readers).catch((): void => undefined);
    }
    return prepared;
  },
  async render(ctx, data, recipient, prepared) {
    const composed = prepared?.get(data.newsletterId) ?? (await composedNow(ctx, data));
    if (composed instanceof Error) throw renderError(composed);
    if (!data.userId) throw new NoLongerFor("The recipient's account no longer exists.");
    const times = await composed
      .timesFor({ userId: data.userId })
      .catch((): ProposedTimesView | null => null);
    try {
      const message = composed.messageFor({ userId: data.userId, email: recipient }, times);
      assertCarriable(message);
      return { ...message, textEncoding: "base64" };
    } catch (error) {
      const { NotARecipient } = await composer();
      if (error instanceof NotARecipient) throw new NoLongerFor(error.message);
      throw renderError(error as Error);
    }
  },
} satisfies MessageKind<NewsletterMessageData, PreparedNewsletters>;

/** The outbox records any other error of `render` as `ERENDER` with this reason. */
function renderError(error: Error): Error {
  return new Error(`The e-mail could not be built: ${error.message}`);
}

/** A message rendered without its batch's preparation (that failed): its newsletter now. */
async function composedNow(ctx: AppContext, data: NewsletterMessageData): Promise<Composed> {
  const [row] = await ctx.db
    .select()
    .from(newsletters)
    .where(eq(newsletters.id, data.newsletterId));
  return row ? compositionOf(ctx, row) : new Error("The newsletter no longer exists.");
}

/**
 * Forgets what this process composed of a newsletter, once its send has ended (send-finisher.ts):
 * a send after a fix composes it afresh even when the row's `updatedAt` did not move.
 */
export function forgetComposition(ctx: AppContext, newsletterId: number): void {
  const kept = compositions.get(ctx);
  for (const key of kept?.keys() ?? []) if (key.startsWith(`${newsletterId}@`)) kept?.delete(key);
}

/** Compositions kept per app: a handful of newsletters, each as long as it is not changed. */
const KEPT = 8;
const compositions = new WeakMap<AppContext, Map<string, Promise<Composed>>>();

/**
 * The newsletter's composition with every layout rendered, once per process and version of the
 * row (any edit, and every send or retry, changes `updatedAt`, so a fixed newsletter is composed
 * afresh). A newsletter that cannot be composed answers the error, and is tried again next batch.
 */
function compositionOf(ctx: AppContext, row: NewsletterRow): Promise<Composed> {
  const kept = compositions.get(ctx) ?? new Map<string, Promise<Composed>>();
  compositions.set(ctx, kept);
  const key = `${row.id}@${row.updatedAt.toISOString()}`;
  let entry = kept.get(key);
  if (!entry) {
    entry = composer()
      .then(({ compose }) => compose(ctx, { newsletter: row }))
      .then(async (composition) => {
        await composition.prepare();
        return composition;
      })
      .catch((error: Error) => error);
    for (const old of kept.keys()) if (old.startsWith(`${row.id}@`)) kept.delete(old);
    kept.set(key, entry);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
    void entry.then((composed) => {
      if (composed instanceof Error) kept.delete(key);
    });
  }
  return entry;
}

/** C0 control characters other than tab, line feed and carriage return, and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const UNCARRIABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/;

/** Throws when the built e-mail holds a character no mail should carry (a NUL, an escape …). */
export function assertCarriable(message: { subject: string; html: string; text: string }): void {
  for (const part of ["subject", "html", "text"] as const) {
    const found = UNCARRIABLE.exec(message[part]);
    if (found) {
      const hex = found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
      throw new Error(`its ${part} contains the control character U+${hex}.`);
    }
  }
}
