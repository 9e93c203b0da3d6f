import { crc32, deflateSync } from "node:zlib";
import { strToU8, zipSync } from "fflate";
import type { TeamsSettings } from "./teams-settings";

/** The app manifest's schema version (docs/chat.md, "Microsoft Teams"). */
export const MANIFEST_VERSION = "1.22";

/**
 * The app package an admin uploads to the Teams admin center (docs/chat.md, "Microsoft Teams"):
 * `manifest.json` naming the bot (TEAMS_APP_ID, the app's id too, so Graph finds it in the
 * catalogue by that id), in personal and group-chat scope, with APP_URL's host as its valid
 * domain, and the two icons Teams asks for (192×192 in colour, 32×32 white outline).
 */
export function appPackage(settings: TeamsSettings, appUrl: string): Uint8Array {
  const url = new URL(appUrl);
  const manifest = {
    $schema: `https://developer.microsoft.com/json-schemas/teams/v${MANIFEST_VERSION}/MicrosoftTeams.schema.json`,
    manifestVersion: MANIFEST_VERSION,
    version: "1.0.0",
    id: settings.appId,
    developer: {
      name: url.host,
      websiteUrl: url.origin,
      privacyUrl: `${url.origin}/help/privacy`,
      termsOfUseUrl: `${url.origin}/help`,
    },
    name: { short: "Cup of Joe", full: "Cup of Joe: coffee chats with colleagues" },
    description: {
      short: "Your monthly coffee chat: intros, times and check-ins.",
      full: "Cup of Joe pairs colleagues for a coffee chat every month. The app introduces your match in a chat with the bot (or one group chat for three or four), proposes times that fit everyone, and asks afterwards whether you met.",
    },
    icons: { color: "color.png", outline: "outline.png" },
    accentColor: "#6F4E37",
    bots: [
      {
        botId: settings.appId,
        scopes: ["personal", "groupChat"],
        supportsFiles: false,
        isNotificationOnly: false,
      },
    ],
    permissions: ["identity", "messageTeamMembers"],
    validDomains: [url.host],
    webApplicationInfo: { id: settings.appId, resource: `api://${url.host}/${settings.appId}` },
  };
  return zipSync(
    {
      "manifest.json": strToU8(JSON.stringify(manifest, null, 2)),
      "color.png": cupIcon(192, [0x6f, 0x4e, 0x37, 0xff], [0xff, 0xff, 0xff, 0xff]),
      "outline.png": cupIcon(32, [0, 0, 0, 0], [0xff, 0xff, 0xff, 0xff]),
    },
    { level: 9 },
  );
}

type Rgba = [number, number, number, number];

/** A square icon: a ring (the cup seen from above) on a background, as an RGBA PNG. */
function cupIcon(size: number, background: Rgba, ring: Rgba): Uint8Array {
  const rows: Buffer[] = [];
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x - centre, y - centre) / size;
      const colour = distance > 0.22 && distance < 0.34 ? ring : background;
      row.set(colour, 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
