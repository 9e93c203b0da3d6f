import { describe, expect, it } from "vitest";
import { forgetCodeStep, recallCodeStep, rememberCodeStep } from "./code-step-memory";

/** A Storage with the browser's behaviour for the three calls used. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (i) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe("the code step kept across a reload", () => {
  it("recalls the address for the tab's life, and keeps only the address", () => {
    const store = memoryStorage();
    rememberCodeStep("casey@codes.test", store);
    expect(recallCodeStep(store)).toBe("casey@codes.test");
    // Nothing but the address: no time that would end it with the code's 15 minutes, no code.
    expect(JSON.parse(store.getItem(store.key(0) ?? "") ?? "")).toEqual({
      email: "casey@codes.test",
    });
    // What an earlier version kept (the address and when the code was sent) is still read.
    store.setItem("cup-of-joe.code-sign-in", '{"email":"ann@codes.test","sentAt":1000}');
    expect(recallCodeStep(store)).toBe("ann@codes.test");
  });

  it("forgets the step, and ignores what it cannot read", () => {
    const store = memoryStorage();
    rememberCodeStep("casey@codes.test", store);
    forgetCodeStep(store);
    expect(recallCodeStep(store)).toBeNull();
    store.setItem("cup-of-joe.code-sign-in", "{not json");
    expect(recallCodeStep(store)).toBeNull();
    store.setItem("cup-of-joe.code-sign-in", '{"email":""}');
    expect(recallCodeStep(store)).toBeNull();
    expect(recallCodeStep(null)).toBeNull();
  });
});
