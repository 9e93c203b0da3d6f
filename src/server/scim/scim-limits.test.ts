import { describe, expect, it } from "vitest";
import { ScimError } from "./scim-error";
import { filterCondition, MAX_FILTER_LENGTH, MAX_FILTER_TERMS } from "./scim-filter";
import { attributesOfPatch, MAX_PATCH_ATTRIBUTES, MAX_PATCH_OPERATIONS } from "./scim-patch";
import { PATCH_SCHEMA } from "./scim-schemas";

/** The refusal `work` throws: a SCIM 400 with its type and sentence. */
function refusal(work: () => unknown) {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(ScimError);
    const scim = error as ScimError;
    return { status: scim.status, scimType: scim.scimType, detail: scim.message };
  }
  throw new Error("expected a refusal");
}

const terms = (n: number) =>
  Array.from({ length: n }, (_, i) => `userName eq "u${i}@acme.test"`).join(" or ");
const patch = (operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations: operations });

describe("the limits of what a SCIM client sends", () => {
  it("reads a filter up to its length and number of terms, and refuses a longer one", () => {
    expect(filterCondition(terms(MAX_FILTER_TERMS))).toBeDefined();
    expect(refusal(() => filterCondition(terms(MAX_FILTER_TERMS + 1)))).toEqual({
      status: 400,
      scimType: "invalidFilter",
      detail: `A filter compares at most ${MAX_FILTER_TERMS} attributes.`,
    });
    const nested = `${"not (".repeat(30)}active eq true${")".repeat(30)} and ${terms(20)}`;
    expect(refusal(() => filterCondition(nested)).detail).toMatch(/at most 20 attributes/);
    const long = `userName eq "${"a".repeat(MAX_FILTER_LENGTH)}"`;
    expect(refusal(() => filterCondition(long))).toEqual({
      status: 400,
      scimType: "invalidFilter",
      detail: `A filter is at most ${MAX_FILTER_LENGTH} characters long.`,
    });
  });

  it("reads a PatchOp up to its number of operations and attributes, and refuses a larger one", () => {
    const active = { op: "replace", path: "active", value: false };
    expect(attributesOfPatch(patch(Array(MAX_PATCH_OPERATIONS).fill(active)))).toMatchObject({
      active: false,
    });
    expect(
      refusal(() => attributesOfPatch(patch(Array(MAX_PATCH_OPERATIONS + 1).fill(active)))),
    ).toEqual({
      status: 400,
      scimType: "invalidSyntax",
      detail: `A PatchOp has at most ${MAX_PATCH_OPERATIONS} Operations.`,
    });
    const wide = Object.fromEntries(
      Array.from({ length: MAX_PATCH_ATTRIBUTES + 1 }, (_, i) => [`title${i}`, "x"]),
    );
    expect(refusal(() => attributesOfPatch(patch([{ op: "add", value: wide }])))).toEqual({
      status: 400,
      scimType: "invalidSyntax",
      detail: `An operation's value has at most ${MAX_PATCH_ATTRIBUTES} attributes.`,
    });
  });
});
