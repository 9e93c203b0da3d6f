import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseMigratedBefore } from "../test/migrated-before";

// Migration 0035 gives each SCIM resource an id of its own (docs/provisioning.md, decision 0043):
// everyone provisioned before keeps the id the provider stored (their account id) and the
// address type every answer showed until then ("work"); nobody else gets one.

type Row = Record<string, unknown>;

describe("migration 0035: SCIM resource ids", () => {
  let database: Awaited<ReturnType<typeof databaseMigratedBefore>>;
  let client: PGlite;
  let ids: { provisioned: string; deleted: string; signedIn: string };

  beforeAll(async () => {
    database = await databaseMigratedBefore(35);
    client = database.client;
    const insert = async (email: string, scimManaged: boolean, scimUserName: string | null) =>
      (
        await client.query<{ id: string }>(
          "insert into users (email, scim_managed, scim_user_name) values ($1, $2, $3) returning id",
          [email, scimManaged, scimUserName],
        )
      ).rows[0].id;
    ids = {
      provisioned: await insert("kept@acme.test", true, "kept@acme.test"),
      deleted: await insert("deleted@acme.test", false, null),
      signedIn: await insert("plain@acme.test", false, null),
    };
    await database.migrateTheRest();
  }, 120_000);
  afterAll(() => database.close());

  it("keeps the provider's ids and shows the same address type", async () => {
    const rows = (
      await client.query<Row>("select id, scim_id, scim_email_type from users order by email")
    ).rows;
    expect(rows).toEqual([
      { id: ids.deleted, scim_id: null, scim_email_type: null },
      { id: ids.provisioned, scim_id: ids.provisioned, scim_email_type: "work" },
      { id: ids.signedIn, scim_id: null, scim_email_type: null },
    ]);
  });

  it("refuses one SCIM id for two accounts", async () => {
    await expect(
      client.query("update users set scim_id = $1 where id = $2", [ids.provisioned, ids.signedIn]),
    ).rejects.toThrow(/users_scim_id_unique/);
  });
});
