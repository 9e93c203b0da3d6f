import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { oidcLogins, sessions, users } from "../../db/schema";
import { allowEmail, createUser } from "../../test/factories";
import {
  loginAtProvider,
  type ProviderAccount,
  startTestOpenIdProvider,
  type TestOpenIdProvider,
} from "../../test/oidc-provider";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { clientSecretAsOffered } from "./oidc-provider-config";

let provider: TestOpenIdProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestOpenIdProvider(`${TEST_APP_URL}/api/auth/oidc/callback`);
  t = await createTestApp({
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: "Okta",
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

let n = 0;
/** A provider account with a fresh address at acme.test (verified unless told otherwise). */
function account(
  fields: { email_verified?: boolean; email?: string; idToken?: Record<string, unknown> } = {},
) {
  n += 1;
  const sub = `person-${n}`;
  const email = fields.email ?? `sso${n}@acme.test`;
  provider.accounts.set(sub, {
    sub,
    email,
    email_verified: fields.email_verified ?? true,
    given_name: "Ada",
    family_name: `Lovelace${n}`,
    idToken: fields.idToken,
  });
  return { sub, email };
}

/** Presses "Sign in with …": the app's redirect and the cookie it set. */
async function start() {
  const response = await t.get("/api/auth/oidc/start");
  expect(response.statusCode).toBe(302);
  const cookie = response.cookies.find((c) => c.name === "oidc_login");
  if (!cookie) throw new Error("no oidc_login cookie");
  return { location: response.headers.location as string, cookie: `oidc_login=${cookie.value}` };
}

async function callback(url: URL, cookie: string) {
  return t.get(`${url.pathname}${url.search}`, { headers: { cookie } });
}

/** The whole way: start, log in at the provider as `sub`, come back. */
async function signInAs(sub: string) {
  const { location, cookie } = await start();
  const back = await loginAtProvider(location, sub);
  return { back, cookie, response: await callback(back, cookie) };
}

describe("GET /api/auth/methods", () => {
  it("names the provider and says whether e-mail sign-in is on", async () => {
    const response = await t.get("/api/auth/methods");
    expect(response.json()).toEqual({
      emailSignIn: true,
      sso: { name: "Okta", startUrl: "/api/auth/oidc/start" },
    });
  });
});

describe("OpenID Connect sign-in", () => {
  beforeEach(async () => {
    await t.db.delete(oidcLogins);
  });

  it("sends the browser to the provider with PKCE S256, state and nonce", async () => {
    const { location } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("redirect_uri")).toBe(`${TEST_APP_URL}/api/auth/oidc/callback`);
  });

  it("creates the account of a whitelisted, verified address with the name from the claims", async () => {
    const { sub, email } = account();
    await allowEmail(t.db, email);
    const { response } = await signInAs(sub);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/auth-success");
    const session = response.cookies.find((c) => c.name === "auth_session");
    expect(session?.httpOnly).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: "Ada", authMethod: "oidc", isEmailVerified: true });
    const me = await t.get("/api/auth/user", {
      headers: { cookie: `auth_session=${session?.value}` },
    });
    expect(me.json()).toMatchObject({ email });
  });

  it("finds an existing account by address, whatever its case at the provider", async () => {
    const existing = await createUser(t.db, { email: "grace@acme.test", firstName: "Grace" });
    await allowEmail(t.db, "*@acme.test");
    const { sub } = account({ email: "Grace@ACME.test" });
    const { response } = await signInAs(sub);
    expect(response.headers.location).toBe("/auth-success");
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, existing.id));
    expect(session.kind).toBe("employee");
  });
});

describe("OpenID Connect sign-in refusals", () => {
  beforeEach(async () => {
    await t.db.delete(oidcLogins);
  });

  it("refuses an unverified address", async () => {
    const { sub, email } = account({ email_verified: false });
    await allowEmail(t.db, email);
    const { response } = await signInAs(sub);
    expect(response.headers.location).toBe("/auth?sso_error=unverified_email");
    expect(response.cookies.find((c) => c.name === "auth_session")).toBeUndefined();
  });

  it("refuses an address the whitelist does not admit, and says why on the sign-in page", async () => {
    const { sub, email } = account({ email: "outsider@elsewhere.test" });
    const { response } = await signInAs(sub);
    expect(response.headers.location).toBe("/auth?sso_error=not_authorized");
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses a deactivated account", async () => {
    const { sub, email } = account();
    await allowEmail(t.db, email);
    await createUser(t.db, { email, isActive: false });
    const { response } = await signInAs(sub);
    expect(response.headers.location).toBe("/auth?sso_error=account_inactive");
  });

  it("refuses a replayed callback", async () => {
    const { sub, email } = account();
    await allowEmail(t.db, email);
    const { back, cookie, response } = await signInAs(sub);
    expect(response.headers.location).toBe("/auth-success");
    const again = await callback(back, cookie);
    expect(again.headers.location).toBe("/auth?sso_error=expired");
    expect(again.cookies.find((c) => c.name === "auth_session")).toBeUndefined();
  });

  it("refuses a callback whose state is not the browser's", async () => {
    const { sub, email } = account();
    await allowEmail(t.db, email);
    const mine = await start();
    const theirs = await start();
    const back = await loginAtProvider(theirs.location, sub);
    const response = await callback(back, mine.cookie);
    expect(response.headers.location).toBe("/auth?sso_error=expired");
    const forged = new URL(back);
    forged.searchParams.set("state", "forged");
    expect((await callback(forged, "oidc_login=forged")).headers.location).toBe(
      "/auth?sso_error=expired",
    );
  });

  it("refuses an ID token whose nonce is not the one sent", async () => {
    const { sub, email } = account();
    await allowEmail(t.db, email);
    const { location, cookie } = await start();
    await t.db.update(oidcLogins).set({ nonce: "another-nonce" });
    const back = await loginAtProvider(location, sub);
    const response = await callback(back, cookie);
    expect(response.headers.location).toBe("/auth?sso_error=failed");
  });

  it("refuses an ID token whose signature does not check out against the provider's keys", async () => {
    const { sub, email } = account();
    // The ID token itself names the verified address: nothing else would be asked.
    const person = provider.accounts.get(sub) as ProviderAccount;
    person.idToken = { email, email_verified: true };
    await allowEmail(t.db, email);
    provider.breakIdTokenSignatures = true;
    try {
      const { response } = await signInAs(sub);
      expect(response.headers.location).toBe("/auth?sso_error=failed");
      expect(response.cookies.find((c) => c.name === "auth_session")).toBeUndefined();
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    } finally {
      provider.breakIdTokenSignatures = false;
    }
    expect((await signInAs(sub)).response.headers.location).toBe("/auth-success");
  });

  it("takes the address and whether it is verified together, from UserInfo when the ID token has no address", async () => {
    // The ID token says "verified" about no address; UserInfo's address is not verified.
    const { sub, email } = account({ email_verified: false, idToken: { email_verified: true } });
    await allowEmail(t.db, email);
    const { response } = await signInAs(sub);
    expect(response.headers.location).toBe("/auth?sso_error=unverified_email");
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses a sign-in the person cancelled at the provider", async () => {
    const { location, cookie } = await start();
    const state = new URL(location).searchParams.get("state") ?? "";
    const back = new URL(`${TEST_APP_URL}/api/auth/oidc/callback`);
    back.search = new URLSearchParams({ error: "access_denied", state }).toString();
    expect((await callback(back, cookie)).headers.location).toBe("/auth?sso_error=denied");
  });

  it("tells the person when the provider is down, and works again once it is back", async () => {
    const { sub, email } = account();
    await allowEmail(t.db, email);
    const { location, cookie } = await start();
    const back = await loginAtProvider(location, sub);
    await provider.stop();
    try {
      expect((await callback(back, cookie)).headers.location).toBe(
        "/auth?sso_error=provider_unavailable",
      );
    } finally {
      await provider.start();
    }
    expect((await signInAs(sub)).response.headers.location).toBe("/auth-success");
  });
});

describe("EMAIL_SIGN_IN=off", () => {
  it("leaves the provider as the employees' only way in; the admin password stays", async () => {
    const only = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        EMAIL_SIGN_IN: "off",
      },
    });
    try {
      expect((await only.get("/api/auth/methods")).json()).toEqual({
        emailSignIn: false,
        sso: { name: "SSO", startUrl: "/api/auth/oidc/start" },
      });
      await allowEmail(only.db, "someone@acme.test");
      for (const url of ["/api/auth/send-code", "/api/auth/magic-link"]) {
        const refused = await only.post(url, { email: "someone@acme.test" });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe("email_sign_in_off");
      }
      await createUser(only.db, {
        email: "boss@acme.test",
        isAdmin: true,
        password: "a-long-password",
      });
      const admin = await only.post("/api/signin", {
        email: "boss@acme.test",
        password: "a-long-password",
      });
      expect(admin.statusCode).toBe(200);
    } finally {
      await only.close();
    }
  });
});

describe("client authentication at the token endpoint", () => {
  it("uses client_secret_basic when the discovery offers it, client_secret_post when only that is offered", () => {
    const server = (offered?: string[]) => ({
      issuer: "https://id.example.test",
      token_endpoint_auth_methods_supported: offered,
    });
    const sent = (offered?: string[]) => {
      const body = new URLSearchParams();
      const headers = new Headers();
      clientSecretAsOffered("s3cret")(server(offered), { client_id: "cup" }, body, headers);
      return { authorization: headers.get("authorization"), secret: body.get("client_secret") };
    };
    const basic = { authorization: `Basic ${btoa("cup:s3cret")}`, secret: null };
    expect(sent(["client_secret_post", "client_secret_basic"])).toEqual(basic);
    expect(sent(undefined)).toEqual(basic);
    expect(sent(["client_secret_post"])).toEqual({ authorization: null, secret: "s3cret" });
  });

  it("signs in through a provider that takes only client_secret_post", async () => {
    const postOnly = await startTestOpenIdProvider(`${TEST_APP_URL}/api/auth/oidc/callback`, {
      authMethods: ["client_secret_post"],
    });
    const app = await createTestApp({
      env: {
        OIDC_ISSUER: postOnly.issuer,
        OIDC_CLIENT_ID: postOnly.clientId,
        OIDC_CLIENT_SECRET: postOnly.clientSecret,
      },
    });
    try {
      postOnly.accounts.set("p1", { sub: "p1", email: "post@acme.test", email_verified: true });
      await allowEmail(app.db, "post@acme.test");
      const started = await app.get("/api/auth/oidc/start");
      const cookie = started.cookies.find((c) => c.name === "oidc_login");
      const back = await loginAtProvider(started.headers.location as string, "p1");
      const response = await app.get(`${back.pathname}${back.search}`, {
        headers: { cookie: `oidc_login=${cookie?.value}` },
      });
      expect(response.headers.location).toBe("/auth-success");
    } finally {
      await app.close();
      await postOnly.stop();
    }
  });
});
