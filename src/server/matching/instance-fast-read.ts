/**
 * The command line's fast read of an instance's bytes (docs/performance.md, "A whole `npm run
 * match`"). Most of a large instance is its history, hundreds of thousands of groups whose objects
 * and id strings cost `JSON.parse` and the garbage collector more than the engine's whole run.
 * This read takes the history's bytes itself, in one strict pass over the plain form
 * (`{"users":["id",…],"month":"YYYY-MM"}`, ids of printable ASCII without escapes), and resolves
 * each id to its person's index on the way, through a table of the users' ids; it makes no history
 * group (ResolvedIds.historyMonths). The users, and the rest with both values replaced by `null`,
 * go to `JSON.parse` and the usual shape check (instance-fast-check.ts).
 *
 * It answers null whenever anything is out of that plain form or wrong (an escape, a non-ASCII
 * byte, another key in a group, an unknown or repeated id, a bad month, a key twice), and the
 * caller then reads the text the usual way (`prepareInstanceText`), which words every error. So it accepts only instances the usual way accepts, and resolves them alike
 * (instance-fast-read.test.ts compares both ways on valid and on damaged texts).
 */
import { type HistoryMonths, MAX_GROUP, type ResolvedIds, shapeOk } from "./instance-fast-check";
import type { MatchingInstance } from "./types";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

const USERS_KEY = [...Buffer.from('"users"')];
const HISTORY_KEY = [...Buffer.from('"history"')];
const MONTH_KEY = [...Buffer.from('"month"')];
const GROUP_HEAD = [...Buffer.from('{"users":[')];
const MONTH_HEAD = [...Buffer.from('],"month":')];
/** The places of the six digits of "YYYY-MM". */
const MONTH_DIGITS = [0, 1, 2, 3, 5, 6];
/** The fewest bytes of a group, `{"users":["a","b"],"month":"2027-03"}`, and its comma. */
const SMALLEST_GROUP = 38;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The instance without history groups and its ids resolved, or null: read it the usual way. */
export function readInstanceFast(
  bytes: Uint8Array,
): { instance: MatchingInstance; ids: ResolvedIds } | null {
  const reader = new Reader(bytes);
  const read = reader.readTop();
  if (read === null) return null;
  const [first, second] = [read.users, read.history].sort((a, b) => a.start - b.start);
  const rest = parseJson(
    `${textOf(bytes, 0, first.start)}null${textOf(bytes, first.end, second.start)}null${textOf(bytes, second.end, bytes.length)}`,
  );
  if (typeof rest !== "object" || rest === null) return null;
  const instance = rest as Record<string, unknown>;
  if (instance.users !== null || instance.history !== null) return null;
  instance.users = read.users.value;
  delete instance.history;
  if (!shapeOk(instance)) return null;
  const { members, historyMonths } = read.history;
  return {
    instance,
    ids: { users: instance.users, history: undefined, members, historyMonths },
  };
}

/**
 * Open addressing over the users' ids: each slot two numbers, an id's hash and its user index + 1
 * (0 for an empty slot), and every id's bytes one after another, so that a lookup reads few places.
 */
interface IdTable {
  slots: Int32Array;
  /** User u's id is idBytes[idStart[u] .. idStart[u + 1]); a non-ASCII unit as 0xff, no id's byte. */
  idBytes: Uint8Array;
  idStart: Int32Array;
}

/** The table of the users' ids; null when an id is not a string or is there twice. */
function idTable(users: unknown): IdTable | null {
  if (!Array.isArray(users)) return null;
  const n = users.length;
  const ids = new Array<string>(n);
  let length = 0;
  for (let u = 0; u < n; u++) {
    const id: unknown = users[u]?.id;
    if (typeof id !== "string") return null;
    ids[u] = id;
    length += id.length;
  }
  let size = 16;
  while (size < n * 2) size *= 2;
  const slots = new Int32Array(size * 2);
  const idBytes = new Uint8Array(length);
  const idStart = new Int32Array(n + 1);
  for (let u = 0; u < n; u++) {
    const id = ids[u];
    // FNV-1a over UTF-16 units: for an ASCII id the same as over its bytes.
    let h = FNV_OFFSET;
    let at = idStart[u];
    for (let k = 0; k < id.length; k++) {
      const c = id.charCodeAt(k);
      h = Math.imul(h ^ c, FNV_PRIME);
      idBytes[at++] = c < 0x80 ? c : 0xff;
    }
    idStart[u + 1] = at;
    let s = h & (size - 1);
    while (slots[2 * s + 1] !== 0) {
      if (slots[2 * s] === h && ids[slots[2 * s + 1] - 1] === id) return null;
      s = (s + 1) & (size - 1);
    }
    slots[2 * s] = h;
    slots[2 * s + 1] = u + 1;
  }
  return { slots, idBytes, idStart };
}

interface Range {
  start: number;
  end: number;
}

/** A cursor over the bytes; each method answers false (or null) where the plain form ends. */
class Reader {
  private i = 0;
  private table: IdTable | null = null;
  private members = new Int32Array(0);
  private monthOf = new Uint16Array(0);
  private months: string[] = [];
  private monthIndex = new Map<number, number>();

  constructor(private readonly b: Uint8Array) {}

  private ws(): void {
    const b = this.b;
    let i = this.i;
    while (i < b.length) {
      const c = b[i];
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
    this.i = i;
  }

  /** Consumes `c` after optional whitespace. */
  private take(c: number): boolean {
    this.ws();
    if (this.b[this.i] !== c) return false;
    this.i++;
    return true;
  }

  /** Whether the bytes at the cursor are `word`; consumes them if so. */
  private word(word: readonly number[]): boolean {
    const b = this.b;
    for (let k = 0; k < word.length; k++) if (b[this.i + k] !== word[k]) return false;
    this.i += word.length;
    return true;
  }

  /**
   * The top-level object's keys in turn, "users" and "history" once each, every other value
   * skipped: the users' value (parsed) and range, and the history's range and resolved ids. The
   * history is read where it stands once the users are known, else after the last key.
   */
  readTop(): {
    users: Range & { value: unknown[] };
    history: Range & { members: Int32Array; historyMonths: HistoryMonths };
  } | null {
    if (!this.take(OPEN_BRACE) || this.take(CLOSE_BRACE)) return null;
    let users: (Range & { value: unknown[] }) | null = null;
    let history: Range | null = null;
    do {
      this.ws();
      const key = this.word(USERS_KEY) ? "users" : this.word(HISTORY_KEY) ? "history" : null;
      if (key === null && !this.skipKey()) return null;
      if (!this.take(COLON)) return null;
      this.ws();
      const start = this.i;
      if (key === "users") {
        if (users !== null || !this.skipValue()) return null;
        const value = parseJson(textOf(this.b, start, this.i));
        if (!Array.isArray(value)) return null;
        users = { start, end: this.i, value };
      } else if (key === "history") {
        if (history !== null) return null;
        if (users === null ? !this.skipValue() : !this.readHistory(users.value)) return null;
        history = { start, end: this.i };
      } else if (!this.skipValue()) return null;
    } while (this.take(COMMA));
    if (!this.take(CLOSE_BRACE)) return null;
    this.ws();
    if (this.i !== this.b.length || users === null || history === null) return null;
    if (this.table === null) {
      this.i = history.start;
      if (!this.readHistory(users.value) || this.i !== history.end) return null;
    }
    const count = this.members.length / MAX_GROUP;
    const historyMonths = { months: this.months, monthOf: this.monthOf.subarray(0, count) };
    return { users, history: { ...history, members: this.members, historyMonths } };
  }

  /** Skips a key without escapes (an escaped one might spell "users" or "history"). */
  private skipKey(): boolean {
    const b = this.b;
    if (b[this.i] !== QUOTE) return false;
    let i = this.i + 1;
    while (i < b.length && b[i] !== QUOTE) {
      if (b[i] === BACKSLASH) return false;
      i++;
    }
    if (i >= b.length) return false;
    this.i = i + 1;
    return true;
  }

  /**
   * Skips any other value by its brackets and strings (escapes included); `JSON.parse` checks it
   * later, so this only has to find where it ends.
   */
  private skipValue(): boolean {
    const b = this.b;
    let i = this.i;
    let depth = 0;
    for (; i < b.length; i++) {
      const c = b[i];
      if (c === QUOTE) {
        for (i++; i < b.length && b[i] !== QUOTE; i++) if (b[i] === BACKSLASH) i++;
        if (i >= b.length) return false;
        if (depth === 0) {
          i++;
          break;
        }
      } else if (c === OPEN_BRACKET || c === OPEN_BRACE) depth++;
      else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
        if (depth === 0) break;
        if (--depth === 0) {
          i++;
          break;
        }
      } else if (depth === 0 && (c === COMMA || c <= 0x20)) break;
    }
    if (i === this.i) return false;
    this.i = i;
    return true;
  }

  /** The history array in the plain form, its ids resolved into `members`. */
  private readHistory(users: unknown[]): boolean {
    this.table = idTable(users);
    if (this.table === null || !this.take(OPEN_BRACKET)) return false;
    // Room for as many groups as the bytes left could hold; pages never written are never used.
    const most = Math.floor((this.b.length - this.i) / SMALLEST_GROUP) + 1;
    const members = new Int32Array(most * MAX_GROUP);
    this.monthOf = new Uint16Array(most);
    let g = 0;
    if (!this.take(CLOSE_BRACKET)) {
      do {
        if (g === most) return false;
        if (!this.readCompactGroup(members, g) && !this.readGroup(members, g)) return false;
        g++;
      } while (this.take(COMMA));
      if (!this.take(CLOSE_BRACKET)) return false;
    }
    this.members = members.subarray(0, g * MAX_GROUP);
    return true;
  }

  /**
   * The usual group, `{"users":["…","…"],"month":"YYYY-MM"}` without spaces, in one tight loop;
   * false, with the cursor unmoved, for any other (`readGroup` reads those).
   */
  private readCompactGroup(members: Int32Array, g: number): boolean {
    const b = this.b;
    const from = this.i;
    let i = from;
    for (let k = 0; k < GROUP_HEAD.length; k++) if (b[i++] !== GROUP_HEAD[k]) return false;
    const at = g * MAX_GROUP;
    let j = 0;
    for (;;) {
      if (b[i] !== QUOTE || j === MAX_GROUP) return false;
      const start = ++i;
      let h = FNV_OFFSET;
      for (let c = b[i]; c !== QUOTE; c = b[++i]) {
        if (!(c >= 0x20 && c < 0x80) || c === BACKSLASH) return false;
        h = Math.imul(h ^ c, FNV_PRIME);
      }
      const u = i > start ? this.lookup(h, start, i) : -1;
      if (u < 0) return false;
      for (let k = at; k < at + j; k++) if (members[k] === u) return false;
      members[at + j++] = u;
      if (b[++i] !== COMMA) break;
      i++;
    }
    if (j < 2) return false;
    for (let k = 0; k < MONTH_HEAD.length; k++) if (b[i++] !== MONTH_HEAD[k]) return false;
    this.i = i;
    if (!this.readMonth(g) || b[this.i] !== CLOSE_BRACE) {
      this.i = from;
      return false;
    }
    this.i++;
    for (; j < MAX_GROUP; j++) members[at + j] = -1;
    return true;
  }

  /** One `{"users":[…],"month":"…"}`, its two keys in either order. */
  private readGroup(members: Int32Array, g: number): boolean {
    if (!this.take(OPEN_BRACE)) return false;
    let users = false;
    let month = false;
    do {
      this.ws();
      if (!users && this.word(USERS_KEY)) {
        if (!this.take(COLON) || !this.readIds(members, g * MAX_GROUP)) return false;
        users = true;
      } else if (!month && this.word(MONTH_KEY)) {
        if (!this.take(COLON) || !this.readMonth(g)) return false;
        month = true;
      } else return false;
    } while (this.take(COMMA));
    return users && month && this.take(CLOSE_BRACE);
  }

  /** 2 to MAX_GROUP known ids, none twice, into members[at ..], padded with −1. */
  private readIds(members: Int32Array, at: number): boolean {
    if (!this.take(OPEN_BRACKET)) return false;
    let j = 0;
    do {
      this.ws();
      const u = j < MAX_GROUP ? this.readId() : -1;
      if (u < 0) return false;
      for (let k = at; k < at + j; k++) if (members[k] === u) return false;
      members[at + j++] = u;
    } while (this.take(COMMA));
    if (j < 2) return false;
    for (; j < MAX_GROUP; j++) members[at + j] = -1;
    return this.take(CLOSE_BRACKET);
  }

  /** A non-empty id of printable ASCII without escapes, as its user's index; −1 otherwise. */
  private readId(): number {
    const b = this.b;
    if (b[this.i] !== QUOTE) return -1;
    const start = this.i + 1;
    let i = start;
    let h = FNV_OFFSET;
    for (;;) {
      const c = b[i];
      if (c === QUOTE) break;
      if (!(c >= 0x20 && c < 0x80) || c === BACKSLASH) return -1;
      h = Math.imul(h ^ c, FNV_PRIME);
      i++;
    }
    if (i === start) return -1;
    this.i = i + 1;
    return this.lookup(h, start, i);
  }

  /** The user whose id is b[start .. end) with hash h, or −1. */
  private lookup(h: number, start: number, end: number): number {
    const b = this.b;
    const { slots, idBytes, idStart } = this.table as IdTable;
    const mask = (slots.length >> 1) - 1;
    for (let s = h & mask; slots[2 * s + 1] !== 0; s = (s + 1) & mask) {
      if (slots[2 * s] !== h) continue;
      const u = slots[2 * s + 1] - 1;
      const from = idStart[u];
      if (idStart[u + 1] - from !== end - start) continue;
      let k = 0;
      while (k < end - start && idBytes[from + k] === b[start + k]) k++;
      if (k === end - start) return u;
    }
    return -1;
  }

  /** "YYYY-MM" with a month 01–12 (MONTH_PATTERN); each distinct month made a string once. */
  private readMonth(g: number): boolean {
    this.ws();
    const b = this.b;
    const start = this.i + 1;
    if (b[this.i] !== QUOTE || b[start + 7] !== QUOTE || b[start + 4] !== 0x2d) return false;
    let key = 0;
    for (const k of MONTH_DIGITS) {
      const digit = b[start + k] - 0x30;
      if (!(digit >= 0 && digit <= 9)) return false;
      key = key * 10 + digit;
    }
    if (key % 100 < 1 || key % 100 > 12) return false;
    let index = this.monthIndex.get(key);
    if (index === undefined) {
      index = this.months.length;
      if (index > 0xffff) return false;
      this.months.push(Buffer.from(b.subarray(start, start + 7)).toString("latin1"));
      this.monthIndex.set(key, index);
    }
    this.monthOf[g] = index;
    this.i = start + 8;
    return true;
  }
}

/** The UTF-8 text of b[start .. end). */
const textOf = (b: Uint8Array, start: number, end: number): string =>
  Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("utf8", start, end);

/** `JSON.parse`, or undefined when the text is no JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
