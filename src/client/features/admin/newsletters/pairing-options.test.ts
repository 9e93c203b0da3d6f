import type { NewsletterFile } from "@shared/newsletters";
import { describe, expect, it } from "vitest";
import { pairingOptions } from "./pairing-options";

const record: NewsletterFile = {
  fileName: "pairing-2026-11-acme.json",
  displayName: "November 2026 – Acme Corp",
  status: "completed",
  totalPairs: 80,
  runningFileName: "current-pairing-7",
};
const running: NewsletterFile = {
  fileName: "current-pairing-9",
  displayName: "December 2026 – Acme Corp (current)",
  status: "active",
  totalPairs: 81,
  runningFileName: null,
};

describe("pairingOptions", () => {
  it("lists a pairing linked while it ran once, under its completed record's name", () => {
    expect(
      pairingOptions([running, record], "current-pairing-7", "November 2026 – Acme Corp"),
    ).toEqual([
      { value: "current-pairing-9", label: "December 2026 – Acme Corp (current) · 81 matches" },
      { value: "current-pairing-7", label: "November 2026 – Acme Corp · 80 matches" },
    ]);
  });

  it("keeps a link to a pairing no longer listed, under its stored name", () => {
    expect(pairingOptions([record], "current-pairing-3", "Gone")[0]).toEqual({
      value: "current-pairing-3",
      label: "Gone",
    });
  });

  it("offers each file under its own name when nothing is chosen", () => {
    expect(pairingOptions([record], "", null).map((o) => o.value)).toEqual([record.fileName]);
  });
});
