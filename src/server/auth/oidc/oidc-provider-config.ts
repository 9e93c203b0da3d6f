import * as client from "openid-client";
import { authEndpoints } from "../../../shared/endpoints/auth";
import type { Config } from "../../config";

/** Discovered provider metadata per configuration; a failed discovery is retried on the next sign-in. */
const discovered = new WeakMap<Config, Promise<client.Configuration>>();

export class ProviderUnavailable extends Error {}

export function ssoConfigured(config: Config): boolean {
  return config.OIDC_ISSUER !== undefined && config.OIDC_CLIENT_ID !== undefined;
}

export function ssoName(config: Config): string {
  return config.OIDC_NAME ?? "SSO";
}

export function callbackUrl(config: Config): string {
  return `${config.appUrl}${authEndpoints.ssoCallback.path}`;
}

/**
 * The provider's configuration from its discovery document (OIDC_ISSUER); throws
 * ProviderUnavailable when the provider cannot be reached. A plain-http issuer is allowed so a
 * provider on the company's own network (or in a test) works; docs/sign-in.md asks for https.
 * Every ID token's signature is checked against the provider's published keys (its `jwks_uri`,
 * cached and fetched again for a key it does not know): `enableNonRepudiationChecks`.
 */
export async function providerConfiguration(config: Config): Promise<client.Configuration> {
  let found = discovered.get(config);
  if (!found) {
    found = discover(config);
    discovered.set(config, found);
    found.catch(() => discovered.delete(config));
  }
  return found;
}

async function discover(config: Config): Promise<client.Configuration> {
  const issuer = new URL(config.OIDC_ISSUER as string);
  const clientId = config.OIDC_CLIENT_ID as string;
  const secret = config.OIDC_CLIENT_SECRET;
  const auth = secret ? clientSecretAsOffered(secret) : client.None();
  const insecure = issuer.protocol === "http:" ? [client.allowInsecureRequests] : [];
  try {
    return await client.discovery(issuer, clientId, secret, auth, {
      execute: [...insecure, client.enableNonRepudiationChecks],
      timeout: 10,
    });
  } catch (error) {
    throw new ProviderUnavailable("The OpenID Provider's discovery failed.", { cause: error });
  }
}

/**
 * The token endpoint's client authentication as the provider's discovery offers it
 * (`token_endpoint_auth_methods_supported`): `client_secret_basic`, OpenID Connect's default,
 * when it is offered or the list is absent; `client_secret_post` when only that is offered.
 */
export function clientSecretAsOffered(secret: string): client.ClientAuth {
  const basic = client.ClientSecretBasic(secret);
  const post = client.ClientSecretPost(secret);
  return (server, metadata, body, headers) => {
    const offered = server.token_endpoint_auth_methods_supported;
    const usePost =
      Array.isArray(offered) &&
      !offered.includes("client_secret_basic") &&
      offered.includes("client_secret_post");
    (usePost ? post : basic)(server, metadata, body, headers);
  };
}
