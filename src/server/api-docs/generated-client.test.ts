import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_DOCUMENT } from "../../shared/api";
import { repoRoot } from "../repo-root";
import { createAdmin } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

/**
 * A client generated from the document, as a team integrating with Cup of Joe would make one
 * (docs/api.md, "Checking the document"): openapi-typescript writes the types, a small program
 * uses them through openapi-fetch, TypeScript checks that program strictly, and the program runs
 * against the app listening on a port: the admin's sign-in, then an admin read.
 */
const PASSWORD = "a long admin password for the client";
let t: TestApp;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await createAdmin(t.db, { email: "boss@client.test", firstName: "Bo", password: PASSWORD });
  // Inside the project (under the ignored .tmp/), so the program finds openapi-fetch.
  mkdirSync(path.join(repoRoot, ".tmp"), { recursive: true });
  dir = mkdtempSync(path.join(repoRoot, ".tmp", "openapi-client-"));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The program a team would write: typed by the generated paths, no cast anywhere. */
const program = `import createClient from "openapi-fetch";
import type { paths } from "./schema";

export async function signInAndListUsers(baseUrl: string, email: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const signedIn = await client.POST("/api/signin", { body: { email, password } });
  if (!signedIn.data) throw new Error(\`sign-in answered \${signedIn.response.status}\`);
  const cookie = (signedIn.response.headers.get("set-cookie") ?? "").split(";")[0];
  const listed = await client.GET("/api/admin/users", {
    params: { query: { q: "boss" } },
    headers: { cookie },
  });
  if (!listed.data) throw new Error(\`the users answered \${listed.response.status}\`);
  const emails: string[] = listed.data.users.map((user) => user.email);
  const total: number = listed.data.total;
  // @ts-expect-error: the generated types know /api/signin takes a body with an email.
  await client.POST("/api/signin", { body: { mail: email } });
  return { isAdmin: signedIn.data.user.isAdmin, emails, total };
}
`;

function typeErrors(file: string): string[] {
  const host = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
    types: [],
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(host)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("a client generated from the OpenAPI document", () => {
  it("typechecks, signs an admin in and reads the users through openapi-fetch", async () => {
    const document = await (await fetch(`${baseUrl}${OPENAPI_DOCUMENT}`)).json();
    expect(document.servers).toEqual([
      { url: "http://127.0.0.1:5000", description: "This Cup of Joe" },
    ]);
    writeFileSync(path.join(dir, "schema.d.ts"), astToString(await openapiTS(document)));
    const file = path.join(dir, "use-client.ts");
    writeFileSync(file, program);
    expect(typeErrors(file)).toEqual([]);

    const { signInAndListUsers } = await import(/* @vite-ignore */ file);
    const result = await signInAndListUsers(baseUrl, "boss@client.test", PASSWORD);
    expect(result).toEqual({ isAdmin: true, emails: ["boss@client.test"], total: 1 });
  }, 120_000);
});
