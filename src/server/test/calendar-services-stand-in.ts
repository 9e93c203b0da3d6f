import { createVerify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One busy item a stand-in holds for a person: Graph's status, and a subject that must not leak. */
export interface StandInEvent {
  start: string;
  end: string;
  status?: string;
  subject?: string;
}

export interface CalendarServicesStandIn {
  /** Base of the stand-in: MICROSOFT_LOGIN_URL, MICROSOFT_GRAPH_URL, GOOGLE_CALENDAR_URL's host. */
  url: string;
  /** Requests received: method, path, headers and body text. */
  requests: Array<{ path: string; headers: IncomingMessage["headers"]; body: string }>;
  /** The next `times` requests to a path ending in `pathEnd` are answered 429 with this Retry-After. */
  throttle(pathEnd: string, times: number, retryAfter?: string): void;
  /** Requests to a path ending in `pathEnd` are answered with `status` and `body` from now on. */
  refuse(pathEnd: string, status: number, body: unknown): void;
  close(): Promise<void>;
}

export interface StandInSetup {
  /** Events by address; an address not listed has no mailbox/calendar. */
  people: Record<string, StandInEvent[]>;
  microsoft: { tenantId: string; clientId: string; clientSecret: string };
  google: { serviceAccountEmail: string; publicKey: string; delegatedUser: string };
}

/**
 * A local stand-in for Microsoft's identity platform and Graph getSchedule, and for Google's
 * OAuth 2.0 token endpoint and Calendar freeBusy, answering the documented requests with the
 * documented shapes (docs/scheduling.md). Google's assertion is verified with the service
 * account's public key, its audience, issuer, subject and scope.
 */
export async function startCalendarServicesStandIn(
  setup: StandInSetup,
): Promise<CalendarServicesStandIn> {
  const requests: CalendarServicesStandIn["requests"] = [];
  const throttles: Array<{ pathEnd: string; times: number; retryAfter?: string }> = [];
  const refusals = new Map<string, { status: number; body: unknown }>();
  let url = "";
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = request.url ?? "/";
    requests.push({ path, headers: request.headers, body });
    const throttle = throttles.find((t) => path.endsWith(t.pathEnd) && t.times > 0);
    if (throttle) {
      throttle.times--;
      const headers: Record<string, string> =
        throttle.retryAfter === undefined ? {} : { "retry-after": throttle.retryAfter };
      return json(
        response,
        429,
        { error: { code: "TooManyRequests", message: "Too many requests." } },
        headers,
      );
    }
    const refusal = [...refusals].find(([end]) => path.endsWith(end))?.[1];
    if (refusal) return json(response, refusal.status, refusal.body);
    const route = routes(setup, `${url}/google/token`);
    const handler =
      route[Object.keys(route).find((pattern) => new RegExp(pattern).test(path)) ?? ""];
    if (!handler || request.method !== "POST") return json(response, 404, { error: "not found" });
    const [status, answer] = handler(path, body, request.headers.authorization ?? "");
    json(response, status, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    throttle: (pathEnd, times, retryAfter) => throttles.push({ pathEnd, times, retryAfter }),
    refuse: (pathEnd, status, body) => refusals.set(pathEnd, { status, body }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Handler = (path: string, body: string, authorization: string) => [number, unknown];

const MS_TOKEN = "graph-token";
const GOOGLE_TOKEN = "google-token";

function routes(setup: StandInSetup, googleTokenUrl: string): Record<string, Handler> {
  return { ...microsoftRoutes(setup), ...googleRoutes(setup, googleTokenUrl) };
}

function microsoftRoutes(setup: StandInSetup): Record<string, Handler> {
  return {
    "^/microsoft/[^/]+/oauth2/v2\\.0/token$": (path, body) => {
      const form = new URLSearchParams(body);
      const tenant = decodeURIComponent(path.split("/")[2]);
      if (tenant !== setup.microsoft.tenantId) {
        return [
          400,
          {
            error: "invalid_request",
            error_description: `AADSTS90002: Tenant '${tenant}' not found.`,
          },
        ];
      }
      if (
        form.get("client_id") !== setup.microsoft.clientId ||
        form.get("client_secret") !== setup.microsoft.clientSecret
      ) {
        return [
          401,
          {
            error: "invalid_client",
            error_description: "AADSTS7000215: Invalid client secret provided.",
          },
        ];
      }
      if (
        form.get("grant_type") !== "client_credentials" ||
        form.get("scope") !== "https://graph.microsoft.com/.default"
      ) {
        return [
          400,
          { error: "invalid_request", error_description: "AADSTS900144: bad grant or scope." },
        ];
      }
      return [200, { token_type: "Bearer", expires_in: 3599, access_token: MS_TOKEN }];
    },
    "^/microsoft-graph/v1\\.0/users/[^/]+/calendar/getSchedule$": (_path, body, authorization) => {
      if (authorization !== `Bearer ${MS_TOKEN}`) {
        return [
          401,
          { error: { code: "InvalidAuthenticationToken", message: "Access token is empty." } },
        ];
      }
      const request = JSON.parse(body) as { schedules: string[]; startTime: { timeZone: string } };
      const value = request.schedules.map((scheduleId) => {
        const events = setup.people[scheduleId.toLowerCase()];
        if (!events) {
          return {
            scheduleId,
            error: {
              message: "The specified object was not found in the store.",
              responseCode: "ErrorMailboxNotFound",
            },
          };
        }
        return {
          scheduleId,
          availabilityView: "0",
          scheduleItems: events.map((e) => ({
            isPrivate: false,
            status: e.status ?? "busy",
            subject: e.subject ?? "Planning",
            location: "Room 1",
            start: { dateTime: `${e.start.slice(0, 19)}.0000000`, timeZone: "UTC" },
            end: { dateTime: `${e.end.slice(0, 19)}.0000000`, timeZone: "UTC" },
          })),
          workingHours: {
            daysOfWeek: ["monday"],
            startTime: "08:00:00.0000000",
            endTime: "17:00:00.0000000",
          },
        };
      });
      return [
        200,
        {
          "@odata.context":
            "https://graph.microsoft.com/v1.0/$metadata#Collection(microsoft.graph.scheduleInformation)",
          value,
        },
      ];
    },
  };
}

function googleRoutes(setup: StandInSetup, googleTokenUrl: string): Record<string, Handler> {
  return {
    "^/google/token$": (_path, body) => {
      const form = new URLSearchParams(body);
      if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
        return [400, { error: "unsupported_grant_type", error_description: "Invalid grant_type." }];
      }
      const reason = assertionProblem(form.get("assertion") ?? "", setup.google, googleTokenUrl);
      if (reason)
        return [reason.status, { error: reason.error, error_description: reason.description }];
      return [200, { access_token: GOOGLE_TOKEN, expires_in: 3599, token_type: "Bearer" }];
    },
    "^/google/calendar/v3/freeBusy$": (_path, body, authorization) => {
      if (authorization !== `Bearer ${GOOGLE_TOKEN}`) {
        return [
          401,
          { error: { code: 401, message: "Request had invalid authentication credentials." } },
        ];
      }
      const request = JSON.parse(body) as {
        timeMin: string;
        timeMax: string;
        items: Array<{ id: string }>;
      };
      const calendars = Object.fromEntries(
        request.items.map(({ id }) => {
          const events = setup.people[id.toLowerCase()];
          if (!events)
            return [id, { errors: [{ domain: "global", reason: "notFound" }], busy: [] }];
          return [id, { busy: events.map((e) => ({ start: e.start, end: e.end })) }];
        }),
      );
      return [
        200,
        {
          kind: "calendar#freeBusy",
          timeMin: request.timeMin,
          timeMax: request.timeMax,
          calendars,
        },
      ];
    },
  };
}

/** Why Google would refuse this assertion, or undefined when it is good. */
function assertionProblem(
  assertion: string,
  google: StandInSetup["google"],
  audience: string,
): { status: number; error: string; description: string } | undefined {
  const [header, claims, signature] = assertion.split(".");
  const verified =
    signature !== undefined &&
    createVerify("RSA-SHA256")
      .update(`${header}.${claims}`)
      .verify(google.publicKey, Buffer.from(signature, "base64url"));
  if (!verified)
    return { status: 400, error: "invalid_grant", description: "Invalid JWT Signature." };
  const c = JSON.parse(Buffer.from(claims, "base64url").toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  if (
    c.aud !== audience ||
    c.iss !== google.serviceAccountEmail ||
    typeof c.exp !== "number" ||
    c.exp < now
  ) {
    return {
      status: 400,
      error: "invalid_grant",
      description: "Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.",
    };
  }
  if (
    c.sub !== google.delegatedUser ||
    c.scope !== "https://www.googleapis.com/auth/calendar.freebusy"
  ) {
    return {
      status: 401,
      error: "unauthorized_client",
      description:
        "Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.",
    };
  }
  return undefined;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  response.end(JSON.stringify(body));
}
