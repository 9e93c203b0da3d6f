import { writeFileSync } from "node:fs";
import { createTestApp } from "../src/server/test/test-app";
import { OPENAPI_DOCUMENT } from "../src/shared/api";

/**
 * Writes the app's OpenAPI document (GET /api/openapi.json) to the file named on the command line,
 * for `npm run lint:openapi` (docs/api.md, "Checking the document"). The app runs on a throwaway
 * embedded database with every optional endpoint on (SCIM too), as the lint test runs it.
 */
async function main(file: string | undefined): Promise<void> {
  if (!file) throw new Error("usage: tsx scripts/dump-openapi.ts FILE");
  const t = await createTestApp({
    env: {
      DEMO: "1",
      OIDC_ISSUER: "https://sso.example.invalid",
      OIDC_CLIENT_ID: "cup-of-joe",
      SCIM_TOKEN: "scim-token-for-the-document-0123456789",
    },
  });
  try {
    const res = await t.app.inject({ method: "GET", url: OPENAPI_DOCUMENT });
    if (res.statusCode !== 200) throw new Error(`${OPENAPI_DOCUMENT} answered ${res.statusCode}`);
    writeFileSync(file, `${JSON.stringify(res.json(), null, 2)}\n`);
  } finally {
    await t.close();
  }
}

await main(process.argv[2]);
