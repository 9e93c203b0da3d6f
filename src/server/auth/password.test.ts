import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashes", () => {
  it("are made with scrypt at N = 2^15, r = 8, p = 1, each with a salt of its own", async () => {
    const [one, two] = await Promise.all([
      hashPassword("correct horse battery"),
      hashPassword("correct horse battery"),
    ]);
    expect(one).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword("correct horse battery", one)).toBe(true);
    expect(await verifyPassword("correct horse batterY", one)).toBe(false);
  });

  // The test factories' accounts have cheaper hashes (test/factories.ts); sign-in reads the cost
  // from the hash, so an old hash still works after the app's cost is raised.
  it("are checked at the cost they carry", async () => {
    const cheap = await hashPassword("correct horse battery", { N: 2 ** 10, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("correct horse battery", cheap)).toBe(true);
    expect(await verifyPassword("wrong horse battery", cheap)).toBe(false);
    expect(await verifyPassword("correct horse battery", null)).toBe(false);
  });
});
