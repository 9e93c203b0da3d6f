import type { Span } from "../../shared/working-time";

/** A stretch of time, start included and end excluded. */
export interface Interval {
  start: Date;
  end: Date;
}

export const toSpan = (interval: Interval): Span => ({
  start: interval.start.getTime(),
  end: interval.end.getTime(),
});

export const toInterval = (span: Span): Interval => ({
  start: new Date(span.start),
  end: new Date(span.end),
});

/** Sorted, with overlapping and touching spans joined; empty spans dropped. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The parts of `spans` that no span of `taken` covers. */
export function subtractSpans(spans: readonly Span[], taken: readonly Span[]): Span[] {
  const blocks = mergeSpans(taken);
  const free: Span[] = [];
  for (const span of mergeSpans(spans)) {
    let cursor = span.start;
    for (const block of blocks) {
      if (block.end <= cursor || block.start >= span.end) continue;
      if (block.start > cursor) free.push({ start: cursor, end: block.start });
      cursor = Math.max(cursor, block.end);
      if (cursor >= span.end) break;
    }
    if (cursor < span.end) free.push({ start: cursor, end: span.end });
  }
  return free;
}

/** The time that both lists cover. */
export function intersectSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const left = mergeSpans(a);
  const right = mergeSpans(b);
  const both: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const start = Math.max(left[i].start, right[j].start);
    const end = Math.min(left[i].end, right[j].end);
    if (start < end) both.push({ start, end });
    if (left[i].end < right[j].end) i++;
    else j++;
  }
  return both;
}
