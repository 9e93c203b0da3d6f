import { lt } from "drizzle-orm";
import * as client from "openid-client";
import type { AppContext } from "../../context";
import { oidcLogins } from "../../db/schema";
import { hashSecret } from "../session-store";
import { callbackUrl, providerConfiguration } from "./oidc-provider-config";

/** How long a person has at the provider before the sign-in must start again. */
export const OIDC_LOGIN_TTL_MS = 10 * 60 * 1000;

/**
 * Starts a sign-in through the provider: a fresh state, nonce and PKCE verifier (S256) kept in
 * `oidc_logins` under the state's hash; the state also goes to the browser in a cookie, so the
 * callback must come back to the browser that started it. Answers the provider's URL and the state.
 */
export async function startOidcSignIn(ctx: AppContext): Promise<{ url: string; state: string }> {
  const configuration = await providerConfiguration(ctx.config);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const now = ctx.clock.now();
  await ctx.db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
  await ctx.db.insert(oidcLogins).values({
    stateHash: hashSecret(state),
    nonce,
    codeVerifier,
    expiresAt: new Date(now.getTime() + OIDC_LOGIN_TTL_MS),
    createdAt: now,
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(ctx.config),
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  return { url: url.href, state };
}
