import { and, eq, gt } from "drizzle-orm";
import * as client from "openid-client";
import type { SsoError } from "../../../shared/sso";
import type { AppContext } from "../../context";
import { oidcLogins, type UserRow } from "../../db/schema";
import { HttpError } from "../../errors";
import { adoptDirectoryTimeZone } from "../directory-time-zone";
import { normalizeEmail } from "../email-address";
import { hashSecret } from "../session-store";
import { signInAccount } from "../sign-in-account";
import { isEmailAllowed } from "../whitelist-lookup";
import { ProviderUnavailable, providerConfiguration } from "./oidc-provider-config";
import { type PersonClaims, personFromClaims } from "./person-claims";

/** A sign-in through the provider that did not finish; `code` picks the sign-in page's message. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoError,
    options?: { cause?: unknown },
  ) {
    super(`OpenID sign-in refused: ${code}`, options);
  }
}

/**
 * The provider's answer at the callback (`callback` is APP_URL's callback URL with the query the
 * browser brought): the login row of its state is taken (so a second use of the same answer
 * finds none), the code exchanged with the PKCE verifier, the ID token checked (its signature
 * against the provider's keys, issuer, audience, expiry, nonce). The verified `email` claim must be on the whitelist, as for e-mail sign-in;
 * the account is found by address or created with the name from the claims.
 */
export async function finishOidcSignIn(
  ctx: AppContext,
  callback: URL,
  browserState: string | undefined,
): Promise<UserRow> {
  const login = await takeLogin(ctx, callback.searchParams.get("state"), browserState);
  if (callback.searchParams.has("error")) throw new SsoRefusal("denied");
  const person = await exchangeCode(ctx, callback, login);
  if (!person.emailVerified) throw new SsoRefusal("unverified_email");
  const email = normalizeEmail(person.email ?? "");
  if (!email) throw new SsoRefusal("unverified_email");
  if (!(await isEmailAllowed(ctx.db, email))) throw new SsoRefusal("not_authorized");
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const user = await signInAccount(tx, email, "oidc", now, {
        firstName: person.firstName,
        lastName: person.lastName,
      });
      await adoptDirectoryTimeZone(tx, user.id, person.timeZone);
      return user;
    });
  } catch (error) {
    if (error instanceof HttpError && error.code === "account_inactive") {
      throw new SsoRefusal("account_inactive");
    }
    throw error;
  }
}

type Login = { state: string; nonce: string; codeVerifier: string };

/** The login row of the state, deleted as it is read; the state must be the browser's own. */
async function takeLogin(
  ctx: AppContext,
  state: string | null,
  browserState: string | undefined,
): Promise<Login> {
  if (!state || !browserState || state !== browserState) throw new SsoRefusal("expired");
  const [row] = await ctx.db
    .delete(oidcLogins)
    .where(
      and(eq(oidcLogins.stateHash, hashSecret(state)), gt(oidcLogins.expiresAt, ctx.clock.now())),
    )
    .returning({ nonce: oidcLogins.nonce, codeVerifier: oidcLogins.codeVerifier });
  if (!row) throw new SsoRefusal("expired");
  return { state, ...row };
}

async function exchangeCode(ctx: AppContext, callback: URL, login: Login): Promise<PersonClaims> {
  try {
    const configuration = await providerConfiguration(ctx.config);
    const tokens = await client.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoRefusal("failed");
    if (typeof claims.email === "string") return personFromClaims(claims);
    // Providers that keep the ID token small give the address at the UserInfo endpoint only.
    // The address and whether it is verified are taken together from that one answer: the ID
    // token's `email_verified` is about the address it carries (none here), never UserInfo's.
    const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    return personFromClaims({
      ...claims,
      ...info,
      email: info.email,
      email_verified: info.email_verified,
    });
  } catch (error) {
    if (error instanceof SsoRefusal) throw error;
    if (error instanceof ProviderUnavailable || isNetworkError(error)) {
      throw new SsoRefusal("provider_unavailable", { cause: error });
    }
    throw new SsoRefusal("failed", { cause: error });
  }
}

function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === "AbortError" ||
    error.name === "TimeoutError" ||
    (error instanceof TypeError && error.message === "fetch failed")
  );
}
