import { isIP } from "node:net";

/**
 * Which proxies' X-Forwarded-For the server believes (TRUST_PROXY): their addresses or networks,
 * or how many proxies stand in front of it. Unset: none, and the address the connection came from
 * is the client's (docs/operations.md, "Behind a load balancer").
 */
export type TrustProxy = number | string[];

/** The networks Fastify's proxy-addr names. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const MAX_HOPS = 10;

/** The setting read, or the one-line reason it is refused. */
export function parseTrustProxy(value: string): { trust: TrustProxy } | { error: string } {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= MAX_HOPS) return { trust: hops };
    return { error: `a hop count must be 1 to ${MAX_HOPS}` };
  }
  if (/^(true|yes|on|all|\*)$/i.test(text)) {
    return {
      error:
        "trusting every address lets any client choose its own; give the proxies' addresses or their number",
    };
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyEntry(entry));
  if (bad !== undefined) {
    return {
      error: `"${bad.slice(0, 60)}" is not an address, a network (10.0.0.0/8) or a hop count`,
    };
  }
  return { trust: entries.map((entry) => entry.toLowerCase()) };
}

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry.toLowerCase())) return true;
  const [address, prefix, extra] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}
