import { useEffect, useState } from "react";

/**
 * How long an answer serves the parts drawn after the first: a page's header, its lazily loaded
 * body and its footer come within this, a part drawn after a later navigation asks again.
 */
const TOGETHER_MS = 10_000;

export interface ReadTogether<T> {
  /** The answer: the request in flight or an answer of the last few seconds, else a new request. */
  get(): Promise<T>;
  /** An answer of the last few seconds, to draw a part with at once. */
  recent(): { value: T } | undefined;
}

/**
 * A small read that several parts of a page make as they are drawn (the public pages' header,
 * body and footer each show the company): the parts drawn together share one request and its
 * answer, and a part drawn later asks again, as it would alone. A failed read is not kept.
 */
export function readTogether<T>(read: () => Promise<T>, now = () => Date.now()): ReadTogether<T> {
  let pending: Promise<T> | undefined;
  let answered: { value: T; at: number } | undefined;
  const recent = () => (answered && now() - answered.at < TOGETHER_MS ? answered : undefined);
  return {
    get() {
      const kept = recent();
      if (kept) return Promise.resolve(kept.value);
      pending ??= read()
        .then((value) => {
          answered = { value, at: now() };
          return value;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    recent,
  };
}

/** `reader`'s answer in a component: `initial` until it comes, and when it fails. */
export function useReadTogether<T>(reader: ReadTogether<T>, initial: T, enabled = true): T {
  const [value, setValue] = useState<T>(() => reader.recent()?.value ?? initial);
  useEffect(() => {
    if (!enabled) return;
    let drawn = true;
    reader
      .get()
      .then((answer) => drawn && setValue(answer))
      .catch(() => undefined);
    return () => {
      drawn = false;
    };
  }, [reader, enabled]);
  return value;
}
