import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

/** A person the test provider knows; the login form's "login" field is their `sub`. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /**
   * The claims the ID token carries besides `sub` (for the scopes granted); none by default, so
   * the address comes from the UserInfo endpoint, as with providers that keep ID tokens small.
   */
  idToken?: Record<string, unknown>;
}

type AuthMethod = "client_secret_basic" | "client_secret_post";

export interface TestOpenIdProviderOptions {
  /**
   * The token endpoint's client authentication methods the discovery offers; the client is
   * registered with the first, which the provider then insists on. Default: all of the
   * provider's own, the client registered with `client_secret_basic`.
   */
  authMethods?: AuthMethod[];
}

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, ProviderAccount>;
  /** While true, every ID token the token endpoint hands out has its signature broken. */
  breakIdTokenSignatures: boolean;
  /** Registers another redirect URI (an app that learns its port once it listens). */
  redirectTo(uri: string): void;
  /** Stops answering (the provider "down"); `start()` answers again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * panva's certified oidc-provider on an ephemeral port, with one confidential client whose
 * redirect URI is `redirectUri` (or the one given to `redirectTo` later). Its development login form takes any login (the account's sub)
 * and any password; consent is granted without a prompt.
 */
export async function startTestOpenIdProvider(
  redirectUri: string,
  options: TestOpenIdProviderOptions = {},
): Promise<TestOpenIdProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const clientId = "cup-of-joe";
  const clientSecret = "test-client-secret-0123456789abcdef";
  const keys = [
    generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
  ];
  let handler: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  const route = (req: IncomingMessage, res: ServerResponse) => {
    if (result.breakIdTokenSignatures && req.method === "POST" && req.url === "/token") {
      breakIdTokenIn(res);
    }
    handler(req, res);
  };
  let server: Server = createServer(route);
  await listen(server, 0);
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const build = (uri: string) => {
    handler = new Provider(
      issuer,
      providerConfiguration(accounts, {
        clientId,
        clientSecret,
        uri,
        keys,
        authMethods: options.authMethods,
      }),
    ).callback();
  };
  build(redirectUri);
  const result: TestOpenIdProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    breakIdTokenSignatures: false,
    redirectTo: build,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = createServer(route);
      await listen(server, port);
    },
  };
  return result;
}

/** Flips one byte of the signature of the `id_token` in the token endpoint's JSON answer. */
function breakIdTokenIn(res: ServerResponse): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk === undefined || typeof chunk === "function") return end(chunk, ...rest);
    const answer = JSON.parse(String(chunk)) as { id_token?: string };
    if (answer.id_token) {
      const [header, payload, signature] = answer.id_token.split(".");
      const bytes = Buffer.from(signature, "base64url");
      bytes[0] ^= 0xff;
      answer.id_token = `${header}.${payload}.${bytes.toString("base64url")}`;
    }
    const body = JSON.stringify(answer);
    res.setHeader("content-length", Buffer.byteLength(body));
    return end(body, ...rest);
  }) as ServerResponse["end"];
}

function providerConfiguration(
  accounts: Map<string, ProviderAccount>,
  client: {
    clientId: string;
    clientSecret: string;
    uri: string;
    keys: object[];
    authMethods?: AuthMethod[];
  },
): Configuration {
  return {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.uri],
        token_endpoint_auth_method: client.authMethods?.[0] ?? "client_secret_basic",
      },
    ],
    ...(client.authMethods ? { clientAuthMethods: client.authMethods } : {}),
    claims: { email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      const { idToken, ...claims } = account;
      return {
        accountId: sub,
        claims: async (use: string) => (use === "id_token" ? { sub, ...idToken } : claims),
      };
    },
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client?.clientId,
        accountId: ctx.oidc.session?.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    cookies: { keys: ["test-cookie-key-0123456789"] },
    jwks: { keys: client.keys } as Configuration["jwks"],
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Grant: 600,
      Session: 600,
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
}

/** The provider's side of a browser's sign-in, without a browser: logs in as `sub`, answers the callback URL. */
export async function loginAtProvider(authorizationUrl: string, sub: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  let response = await send(url);
  for (let step = 0; step < 10; step++) {
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.pathname.endsWith("/api/auth/oidc/callback")) return next;
      url = next.href;
      response = await send(url);
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`The provider answered ${response.status} without a login form.`);
    url = new URL(action, url).href;
    response = await send(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt: "login", login: sub, password: "any" }).toString(),
    });
  }
  throw new Error("The provider never sent the browser back.");
}
