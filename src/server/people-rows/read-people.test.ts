import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { createUser } from "../test/factories";
import { createTestDatabase } from "../test/test-database";
import { peopleById, peopleInOrder, personColumns, readPeople, readPerson } from "./read-people";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("reading people by id", () => {
  it("reads each person once by the asked columns, in order when asked, active only when asked", async () => {
    const db = database.db;
    const ada = await createUser(db, { firstName: "Ada", lastName: "Byron" });
    const ben = await createUser(db, { firstName: "Ben", lastName: null });
    const gone = await createUser(db, { firstName: "Gone", isActive: false });
    const nobody = randomUUID();

    const all = await readPeople(db, [ben.id, ada.id, ben.id, nobody]);
    expect(all.map((p) => p.id).sort()).toEqual([ada.id, ben.id].sort());
    expect(Object.keys(all[0]).sort()).toEqual(["email", "firstName", "id", "lastName"]);

    expect((await peopleInOrder(db, [ben.id, nobody, ada.id, ben.id])).map((p) => p.id)).toEqual([
      ben.id,
      ada.id,
      ben.id,
    ]);
    const active = await peopleById(db, [ada.id, gone.id], personColumns, { activeOnly: true });
    expect([...active.keys()]).toEqual([ada.id]);

    const withDepartment = await readPerson(db, ada.id, {
      ...personColumns,
      department: users.department,
    });
    expect(withDepartment).toMatchObject({ firstName: "Ada", department: "engineering" });
    expect(await readPeople(db, [])).toEqual([]);
  });
});
