import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type ReadTogether, readTogether, useReadTogether } from "./read-together";

/** A reader on a clock of its own whose reads are counted: 1, 2, 3…, or failing when told. */
function counted() {
  const state = { reads: 0, failing: false, now: 0 };
  const reader = readTogether(
    async () => {
      state.reads++;
      if (state.failing) throw new Error("offline");
      return state.reads;
    },
    () => state.now,
  );
  return { state, reader };
}

function Shown({ reader }: { reader: ReadTogether<number> }) {
  return <p>{useReadTogether(reader, 0)}</p>;
}

describe("a read the parts of a page make together", () => {
  it("sends one request for the parts drawn together, and draws a part after them with its answer", async () => {
    const { state, reader } = counted();
    expect(renderToStaticMarkup(<Shown reader={reader} />)).toBe("<p>0</p>");
    expect(await Promise.all([reader.get(), reader.get(), reader.get()])).toEqual([1, 1, 1]);
    state.now += 9_000;
    expect(await reader.get()).toBe(1);
    expect(renderToStaticMarkup(<Shown reader={reader} />)).toBe("<p>1</p>");
    expect(state.reads).toBe(1);
  });

  it("asks again for a part drawn later, and after a failure", async () => {
    const { state, reader } = counted();
    expect(await reader.get()).toBe(1);
    state.now += 10_000;
    expect(renderToStaticMarkup(<Shown reader={reader} />)).toBe("<p>0</p>");
    expect(await reader.get()).toBe(2);
    state.now += 10_000;
    state.failing = true;
    await expect(reader.get()).rejects.toThrow("offline");
    state.failing = false;
    expect(await reader.get()).toBe(4);
  });
});
