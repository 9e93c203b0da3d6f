import { isIPv4, isIPv6 } from "node:net";

/**
 * The key per-IP limits count a client under (docs/sign-in.md "Limits"): an IPv4 address as it
 * is, an IPv6 address by its /64 network, since one home or server is handed a whole /64 and could
 * otherwise take a fresh budget for every request. An IPv4-mapped IPv6 address counts as its IPv4.
 */
export function clientIpKey(ip: string): string {
  const bare = ip.replace(/%.*$/, "");
  if (!isIPv6(bare)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  return `${expandIpv6(bare).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as lowercase hex without leading zeros. */
function expandIpv6(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - front.length - back.length).fill("0");
  return [...front, ...zeros, ...back].map((group) => Number.parseInt(group, 16).toString(16));
}
