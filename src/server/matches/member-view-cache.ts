import type { z } from "zod";
import { sessionLookupValues } from "../auth/session-store";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { type SerialisedJson, serialiseAnswer } from "../http/table/send-serialised";
import { type SessionMatches, sessionMatches, type ViewVersions } from "./member-match-queries";
import { sessionViewVersions } from "./session-view-versions";

/**
 * The employee's screens poll their current match and history. Each answer is kept here,
 * serialised, with the versions of the person's view it was read at (the tables
 * member_view_versions and view_version, which PostgreSQL triggers bump on every change to what
 * the person sees; decision 0025). Every read still looks the session, the whitelist and the
 * versions up in the database: with an answer kept, one small statement reads only those (shared
 * by the reads that arrive in the same turn of the event loop: session-view-versions.ts), and
 * when the versions are the kept ones the kept answer goes out; otherwise (or with nothing kept)
 * one statement reads the session with the matches and the new answer replaces the kept one.
 * Several app processes each keep their own answers; the versions live in the database, so none
 * of them answers from an older state than the one it just read (docs/performance.md, "Hot API
 * path").
 */

interface KeptView extends ViewVersions {
  body: SerialisedJson;
}

/**
 * At most this many characters of kept answers per read (about 32 MB each for the current match
 * and the history): thousands of people polling at once; the least recently answered go first.
 */
const KEPT_CHARACTERS = 16 * 1024 * 1024;

type Which = "current" | "history";

/** Kept answers in the order they were last answered, and their total length. */
export class KeptViews {
  private readonly views = new Map<string, KeptView>();
  private characters = 0;

  constructor(private readonly limit = KEPT_CHARACTERS) {}

  get(key: string) {
    return this.views.get(key);
  }

  delete(key: string) {
    const view = this.views.get(key);
    if (!view) return;
    this.views.delete(key);
    this.characters -= view.body.length;
  }

  set(key: string, view: KeptView) {
    this.delete(key);
    this.views.set(key, view);
    this.characters += view.body.length;
    for (const oldest of this.views.keys()) {
      if (this.characters <= this.limit) break;
      this.delete(oldest);
    }
  }
}

const keptViews = new WeakMap<Db, Record<Which, KeptViews>>();

function viewsOf(db: Db, which: Which): KeptViews {
  let views = keptViews.get(db);
  if (!views) {
    views = { current: new KeptViews(), history: new KeptViews() };
    keptViews.set(db, views);
  }
  return views[which];
}

const sameVersions = (a: ViewVersions, b: ViewVersions) =>
  a.member === b.member && a.everyone === b.everyone;

/**
 * The serialised answer `present` gives for the session `token` names, or null when signed out
 * (every session rule applies, see sessionMatches).
 */
export async function readMemberView<S extends z.ZodType>(
  ctx: AppContext,
  token: string,
  which: Which,
  schema: S,
  present: (found: SessionMatches) => z.input<S>,
): Promise<SerialisedJson | null> {
  const views = viewsOf(ctx.db, which);
  // Kept by the session's hash, the value the statement looks the session up by.
  const session = sessionLookupValues(ctx, token);
  const key = session.hash;
  const kept = views.get(key);
  if (kept) {
    const latest = await sessionViewVersions(ctx, session.hash);
    if (!latest) {
      views.delete(key);
      return null;
    }
    if (sameVersions(latest, kept)) return kept.body;
  }
  const found = await sessionMatches(ctx, session, which);
  if (!found) {
    views.delete(key);
    return null;
  }
  const body = serialiseAnswer(schema, present(found));
  views.set(key, { ...found.versions, body });
  return body;
}
