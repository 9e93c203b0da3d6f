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
  it("recalls the address and the send time for the tab's life, and never the code", () => {
    const store = memoryStorage();
    rememberCodeStep("casey@codes.test", 1_000, store);
    expect(recallCodeStep(store)).toEqual({ email: "casey@codes.test", sentAt: 1_000 });
    // Nothing but the two: no code, and no expiry that would end the step with the code.
    expect(JSON.parse(store.getItem(store.key(0) ?? "") ?? "")).toEqual({
      email: "casey@codes.test",
      sentAt: 1_000,
    });
    // What the last version kept (the address alone) is still read, its send time unknown.
    store.setItem("cup-of-joe.code-sign-in", '{"email":"ann@codes.test"}');
    expect(recallCodeStep(store)).toEqual({ email: "ann@codes.test", sentAt: null });
    store.setItem("cup-of-joe.code-sign-in", '{"email":"ann@codes.test","sentAt":"soon"}');
    expect(recallCodeStep(store)).toEqual({ email: "ann@codes.test", sentAt: null });
  });

  it("forgets the step, and ignores what it cannot read", () => {
    const store = memoryStorage();
    rememberCodeStep("casey@codes.test", 1_000, store);
    forgetCodeStep(store);
    expect(recallCodeStep(store)).toBeNull();
    store.setItem("cup-of-joe.code-sign-in", "{not json");
    expect(recallCodeStep(store)).toBeNull();
    store.setItem("cup-of-joe.code-sign-in", '{"email":""}');
    expect(recallCodeStep(store)).toBeNull();
    expect(recallCodeStep(null)).toBeNull();
  });
});
