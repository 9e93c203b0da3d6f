import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { pairingKeys } from "../../../lib/api/admin-pairings";
import { roundKeys } from "../../../lib/api/admin-rounds";
import { refreshPairingData } from "./pairing-queries";

describe("what a pairing change refreshes", () => {
  it("reloads the rounds timeline and Generate's plan, which a Complete or Generate changes", () => {
    const client = new QueryClient();
    const keys = [roundKeys.overview, pairingKeys.generatePlan(1), pairingKeys.current];
    for (const key of keys) client.setQueryData(key, { stale: false });
    refreshPairingData(client);
    for (const key of keys) {
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    }
  });
});
