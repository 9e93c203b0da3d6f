import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

/** One request the stand-in received: method, path (with query), authorization and JSON body. */
export interface TeamsCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface TeamsStandIn {
  /** MICROSOFT_LOGIN_URL, MICROSOFT_GRAPH_URL, TEAMS_SERVICE_URL and TEAMS_OPENID_URL. */
  env: Record<string, string>;
  calls: TeamsCall[];
  /** Calls whose path (without the query) matches. */
  callsTo(pattern: RegExp): TeamsCall[];
  /** The cards posted, by conversation id. */
  posted(conversationId: string): unknown[];
  /** The activities that replaced one posted before (`PUT …/activities/{id}`), in order. */
  replaced(conversationId: string): Array<{ activityId: string; activity: unknown }>;
  /** The next `times` calls matching `pattern` are answered 429 with this Retry-After. */
  throttle(pattern: RegExp, times: number, retryAfterSeconds: number): void;
  /** The next `times` calls matching `pattern` are refused 403, as a bot removed from a chat is. */
  refuse(pattern: RegExp, times: number): void;
  /** A token as Bot Framework signs it for an activity to the app (audience the app id). */
  sign(claims?: {
    audience?: string;
    expiresInSeconds?: number;
    key?: "ours" | "stranger";
  }): Promise<string>;
  close(): Promise<void>;
}

export interface TeamsStandInSetup {
  tenantId: string;
  appId: string;
  password: string;
  /** Entra object ids by address; an address not listed is not a user of the tenant. */
  people: Record<string, string>;
  /** The app's id in the organisation's catalogue; null: not uploaded yet. */
  catalogId: string | null;
  /** The clock the tokens are signed by. */
  now: () => Date;
}

const GRAPH_TOKEN = "graph-token";
const BOT_TOKEN = "bot-connector-token";
export const BOT_FRAMEWORK_ISSUER = "https://api.botframework.com";

/**
 * A local stand-in for Microsoft's identity platform (client credentials, per scope), Graph
 * (users by mail, the app catalogue, `teamwork/installedApps`, `POST /chats`, a chat's
 * `installedApps`), the Bot Connector (`POST /v3/conversations`, `…/activities`) and Bot
 * Framework's OpenID metadata and keys, answering the documented requests with the documented
 * shapes (docs/chat.md, "Microsoft Teams"). Every call is recorded.
 */
export async function startTeamsStandIn(setup: TeamsStandInSetup): Promise<TeamsStandIn> {
  const calls: TeamsCall[] = [];
  const throttles: Array<{ pattern: RegExp; times: number; seconds: number | null }> = [];
  const posted = new Map<string, unknown[]>();
  const ours = await generateKeyPair("RS256");
  const stranger = await generateKeyPair("RS256");
  const jwk: JWK = {
    ...(await exportJWK(ours.publicKey)),
    kid: "stand-in-key",
    use: "sig",
    alg: "RS256",
  };
  let url = "";
  const replaced = new Map<string, Array<{ activityId: string; activity: unknown }>>();
  const state: StandInState = { setup, calls, posted, replaced, activities: new Map(), chats: 0 };

  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    const full = request.url ?? "/";
    const path = full.split("?")[0];
    let body: unknown = text;
    try {
      body = text && request.headers["content-type"]?.includes("json") ? JSON.parse(text) : text;
    } catch {}
    const call = {
      method: request.method ?? "GET",
      path: full,
      authorization: request.headers.authorization,
      body,
    };
    calls.push(call);
    const throttle = throttles.find((t) => t.pattern.test(path) && t.times > 0);
    if (throttle?.seconds === null) {
      throttle.times--;
      return json(response, 403, {
        error: { code: "BotNotInConversationRoster", message: "The bot is not in the roster." },
      });
    }
    if (throttle) {
      throttle.times--;
      return json(
        response,
        429,
        { error: { code: "TooManyRequests", message: "Throttled." } },
        {
          "retry-after": String(throttle.seconds),
        },
      );
    }
    const [status, answer] = route(call, path, new URLSearchParams(full.split("?")[1] ?? ""));
    json(response, status, answer);
  });

  const route = (call: TeamsCall, path: string, query: URLSearchParams): [number, unknown] => {
    if (path === "/botframework/openid") {
      return [200, { issuer: BOT_FRAMEWORK_ISSUER, jwks_uri: `${url}/botframework/keys` }];
    }
    if (path === "/botframework/keys")
      return [200, { keys: [{ ...jwk, endorsements: ["msteams"] }] }];
    const token = /^\/login\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    if (token) return tokenAnswer(setup, token[1], String(call.body));
    if (path.startsWith("/graph/")) {
      if (call.authorization !== `Bearer ${GRAPH_TOKEN}`) return unauthorised();
      return graphAnswer(state, call, path.slice("/graph".length), query);
    }
    if (path.startsWith("/bot/")) {
      if (call.authorization !== `Bearer ${BOT_TOKEN}`) return unauthorised();
      return connectorAnswer(state, call, path.slice("/bot".length));
    }
    return [404, { error: { code: "NotFound", message: "No such path." } }];
  };

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      MICROSOFT_LOGIN_URL: `${url}/login`,
      MICROSOFT_GRAPH_URL: `${url}/graph`,
      TEAMS_SERVICE_URL: `${url}/bot`,
      TEAMS_OPENID_URL: `${url}/botframework/openid`,
    },
    calls,
    callsTo: (pattern) => calls.filter((c) => pattern.test(c.path.split("?")[0])),
    posted: (id) => posted.get(id) ?? [],
    replaced: (id) => replaced.get(id) ?? [],
    throttle: (pattern, times, seconds) => throttles.push({ pattern, times, seconds }),
    refuse: (pattern, times) => throttles.push({ pattern, times, seconds: null }),
    async sign(claims = {}) {
      const now = Math.floor(setup.now().getTime() / 1000);
      return new SignJWT({ serviceUrl: `${url}/bot` })
        .setProtectedHeader({ alg: "RS256", kid: "stand-in-key" })
        .setIssuer(BOT_FRAMEWORK_ISSUER)
        .setAudience(claims.audience ?? setup.appId)
        .setIssuedAt(now)
        .setNotBefore(now)
        .setExpirationTime(now + (claims.expiresInSeconds ?? 3600))
        .sign(claims.key === "stranger" ? stranger.privateKey : ours.privateKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface StandInState {
  setup: TeamsStandInSetup;
  calls: TeamsCall[];
  posted: Map<string, unknown[]>;
  replaced: Map<string, Array<{ activityId: string; activity: unknown }>>;
  /** Each activity id posted, with its conversation. */
  activities: Map<string, string>;
  chats: number;
}

function tokenAnswer(setup: TeamsStandInSetup, tenant: string, form: string): [number, unknown] {
  const fields = new URLSearchParams(form);
  if (tenant !== setup.tenantId)
    return [400, { error: "invalid_request", error_description: "AADSTS90002: Tenant not found." }];
  if (
    fields.get("grant_type") !== "client_credentials" ||
    fields.get("client_id") !== setup.appId ||
    fields.get("client_secret") !== setup.password
  ) {
    return [
      401,
      {
        error: "invalid_client",
        error_description: "AADSTS7000215: Invalid client secret provided.",
      },
    ];
  }
  const scope = fields.get("scope");
  if (scope === "https://graph.microsoft.com/.default")
    return [200, { token_type: "Bearer", expires_in: 3599, access_token: GRAPH_TOKEN }];
  if (scope === "https://api.botframework.com/.default")
    return [200, { token_type: "Bearer", expires_in: 3599, access_token: BOT_TOKEN }];
  return [
    400,
    {
      error: "invalid_scope",
      error_description: "AADSTS70011: The provided scope is not valid.",
    },
  ];
}

function graphAnswer(
  state: StandInState,
  call: TeamsCall,
  path: string,
  query: URLSearchParams,
): [number, unknown] {
  if (call.method === "GET" && path === "/v1.0/users") {
    const mail = /mail eq '([^']*)'/.exec(query.get("$filter") ?? "")?.[1];
    const id = mail ? state.setup.people[mail] : undefined;
    return [
      200,
      {
        "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users(id)",
        value: id ? [{ id }] : [],
      },
    ];
  }
  if (call.method === "GET" && path === "/v1.0/appCatalogs/teamsApps") {
    const external = /externalId eq '([^']*)'/.exec(query.get("$filter") ?? "")?.[1];
    const found = state.setup.catalogId && external === state.setup.appId;
    return [
      200,
      {
        value: found
          ? [
              {
                id: state.setup.catalogId,
                externalId: state.setup.appId,
                displayName: "Cup of Joe",
              },
            ]
          : [],
      },
    ];
  }
  const bind = (call.body as Record<string, unknown> | null)?.["teamsApp@odata.bind"];
  if (
    call.method === "POST" &&
    /^\/v1\.0\/(users|chats)\/[^/]+\/(teamwork\/)?installedApps$/.test(path)
  ) {
    if (
      typeof bind !== "string" ||
      !bind.endsWith(`/appCatalogs/teamsApps/${state.setup.catalogId}`)
    ) {
      return [
        400,
        {
          error: {
            code: "BadRequest",
            message: "teamsApp@odata.bind is not an app of the catalogue.",
          },
        },
      ];
    }
    return [201, null];
  }
  if (call.method === "POST" && path === "/v1.0/chats") {
    const chat = call.body as {
      chatType?: string;
      topic?: string;
      members?: Array<Record<string, unknown>>;
    };
    const known = new Set(Object.values(state.setup.people));
    const ok =
      chat.chatType === "group" &&
      (chat.members ?? []).length >= 2 &&
      (chat.members ?? []).every(
        (m) =>
          m["@odata.type"] === "#microsoft.graph.aadUserConversationMember" &&
          known.has(/users\('([^']+)'\)/.exec(String(m["user@odata.bind"]))?.[1] ?? ""),
      );
    if (!ok)
      return [
        400,
        {
          error: {
            code: "BadRequest",
            message: "A group chat needs two or more known members.",
          },
        },
      ];
    state.chats++;
    return [201, { id: `19:group-${state.chats}@thread.v2`, topic: chat.topic, chatType: "group" }];
  }
  return [404, { error: { code: "NotFound", message: "No such Graph path." } }];
}

function connectorAnswer(state: StandInState, call: TeamsCall, path: string): [number, unknown] {
  if (call.method === "POST" && path === "/v3/conversations") {
    const asked = call.body as {
      bot?: { id?: string };
      members?: Array<{ id?: string }>;
      tenantId?: string;
    };
    const member = asked.members?.[0]?.id ?? "";
    if (
      asked.bot?.id !== `28:${state.setup.appId}` ||
      asked.tenantId !== state.setup.tenantId ||
      !Object.values(state.setup.people).includes(member)
    ) {
      return [
        403,
        {
          error: {
            code: "BotNotInConversationRoster",
            message: "The bot is not part of the conversation roster.",
          },
        },
      ];
    }
    return [201, { id: `a:personal-${member}` }];
  }
  const activity = /^\/v3\/conversations\/([^/]+)\/activities$/.exec(path);
  if (call.method === "POST" && activity) {
    const id = decodeURIComponent(activity[1]);
    const list = state.posted.get(id) ?? [];
    list.push(call.body);
    state.posted.set(id, list);
    const activityId = `activity-${state.calls.length}`;
    state.activities.set(activityId, id);
    return [201, { id: activityId }];
  }
  const update = /^\/v3\/conversations\/([^/]+)\/activities\/([^/]+)$/.exec(path);
  if (call.method === "PUT" && update) {
    const [conversation, activityId] = [update[1], update[2]].map(decodeURIComponent);
    if (state.activities.get(activityId) !== conversation) {
      return [
        404,
        { error: { code: "ActivityNotFoundInConversation", message: "Unknown activity." } },
      ];
    }
    const list = state.replaced.get(conversation) ?? [];
    list.push({ activityId, activity: call.body });
    state.replaced.set(conversation, list);
    return [200, { id: activityId }];
  }
  return [404, { error: { code: "NotFound", message: "No such Bot Connector path." } }];
}

const unauthorised = (): [number, unknown] => [
  401,
  { error: { code: "InvalidAuthenticationToken", message: "Access token validation failure." } },
];

function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(body === null ? "" : JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
