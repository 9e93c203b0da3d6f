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
  it("recalls the address while the code is valid, and only the address", () => {
    const store = memoryStorage();
    rememberCodeStep("casey@codes.test", 1_000, store);
    expect(recallCodeStep(1_000 + 14 * 60_000, store)).toBe("casey@codes.test");
    expect(recallCodeStep(1_000 + 15 * 60_000, store)).toBeNull();
    expect(JSON.parse(store.getItem(store.key(0) ?? "") ?? "")).toEqual({
      email: "casey@codes.test",
      sentAt: 1_000,
    });
  });

  it("forgets the step, and ignores what it cannot read", () => {
    const store = memoryStorage();
    rememberCodeStep("casey@codes.test", 1_000, store);
    forgetCodeStep(store);
    expect(recallCodeStep(1_000, store)).toBeNull();
    store.setItem("cup-of-joe.code-sign-in", "{not json");
    expect(recallCodeStep(1_000, store)).toBeNull();
    expect(recallCodeStep(1_000, null)).toBeNull();
  });
});
