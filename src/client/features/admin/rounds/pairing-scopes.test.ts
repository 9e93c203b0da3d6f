import { describe, expect, it } from "vitest";
import { defaultPairingGroup, isEmptyAllUsers } from "./pairing-scopes";

const scope = (domainGroupId: number | null, people: number, ready: number) => ({
  domainGroupId,
  people,
  ready,
  current: null,
});

describe("the pairing group Admin Actions opens on", () => {
  it("is the scope with the most people ready, not an empty All Users", () => {
    // The sample company: everyone in the Acme group, nobody in All Users.
    expect(defaultPairingGroup([scope(null, 0, 0), scope(1, 200, 170)])).toBe(1);
    expect(defaultPairingGroup([scope(null, 5, 4), scope(1, 20, 3), scope(2, 30, 12)])).toBe(2);
    // Nobody ready anywhere: the scope with people (new starters still setting up).
    expect(defaultPairingGroup([scope(null, 0, 0), scope(1, 0, 0), scope(2, 6, 0)])).toBe(2);
    // A tie keeps the order the list has: All Users first, then the groups by name.
    expect(defaultPairingGroup([scope(null, 8, 8), scope(1, 8, 8)])).toBeNull();
    expect(defaultPairingGroup([scope(null, 0, 0), scope(1, 8, 8), scope(2, 8, 8)])).toBe(1);
  });

  it("is All Users in a company without groups, or before anything is known", () => {
    expect(defaultPairingGroup([scope(null, 0, 0)])).toBeNull();
    expect(defaultPairingGroup([])).toBeNull();
  });
});

describe("an empty All Users", () => {
  it("is All Users with nobody in it beside groups, and no round of it running or in review", () => {
    const all = scope(null, 0, 0);
    const groups = [all, scope(1, 40, 30)];
    expect(isEmptyAllUsers(all, groups)).toBe(true);
    expect(isEmptyAllUsers(groups[1], groups)).toBe(false);
    // Without groups it is the whole company ("Everyone"), never offered as empty.
    expect(isEmptyAllUsers(all, [all])).toBe(false);
    expect(isEmptyAllUsers(scope(null, 1, 0), [scope(null, 1, 0), groups[1]])).toBe(false);
    const running = { ...all, current: { pairingId: 7, draft: null } };
    expect(isEmptyAllUsers(running, [running, groups[1]])).toBe(false);
    const inReview = { ...all, current: { pairingId: null, draft: { pairs: 0, unmatched: 0 } } };
    expect(isEmptyAllUsers(inReview, [inReview, groups[1]])).toBe(false);
  });
});
