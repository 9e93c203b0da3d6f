import type { Config } from "../config";

/** Teams' settings with Microsoft's own addresses filled in (docs/chat.md, "Microsoft Teams"). */
export interface TeamsSettings {
  appId: string;
  password: string;
  tenantId: string;
  loginUrl: string;
  graphUrl: string;
  serviceUrl: string;
  openIdUrl: string;
}

const trim = (url: string) => url.replace(/\/+$/, "");

/** Null while Teams is off: its three settings come together or not at all (config.ts). */
export function teamsSettings(config: Config): TeamsSettings | null {
  const { TEAMS_APP_ID, TEAMS_APP_PASSWORD, TEAMS_TENANT_ID } = config;
  if (!TEAMS_APP_ID || !TEAMS_APP_PASSWORD || !TEAMS_TENANT_ID) return null;
  return {
    appId: TEAMS_APP_ID,
    password: TEAMS_APP_PASSWORD,
    tenantId: TEAMS_TENANT_ID,
    loginUrl: trim(config.MICROSOFT_LOGIN_URL ?? "https://login.microsoftonline.com"),
    graphUrl: trim(config.MICROSOFT_GRAPH_URL ?? "https://graph.microsoft.com"),
    serviceUrl: trim(config.TEAMS_SERVICE_URL ?? "https://smba.trafficmanager.net/teams"),
    openIdUrl:
      config.TEAMS_OPENID_URL ??
      "https://login.botframework.com/v1/.well-known/openidconfiguration",
  };
}
