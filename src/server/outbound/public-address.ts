import { lookup } from "node:dns/promises";
import { BlockList, isIPv6 } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Where an outgoing request may go (docs/chat.md, "Private addresses"): only to public unicast
 * addresses. Loopback, link-local (the cloud metadata service at 169.254.169.254), private,
 * carrier-grade NAT, unique-local, multicast, reserved and unspecified ranges are refused, in IPv4
 * and IPv6 alike; an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) counts as the IPv4 it carries,
 * and the IPv6 forms that embed an IPv4 address (6to4, NAT64, Teredo, SIIT) are refused as a
 * whole, as is all of `::/96`: the deprecated IPv4-compatible form (`::127.0.0.1`, which a URL
 * spells `[::7f00:1]`) that ipaddr.js calls plain unicast, though a host may route it to the IPv4
 * address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  if (isIPv6(address) && ipv4Compatible.check(address, "ipv6")) return false;
  return ipaddr.process(address).range() === "unicast";
}

// Node's parser, not ipaddr.js': ipaddr.js reads `::8.8.8.8` as `::ffff:8.8.8.8`.
const ipv4Compatible = new BlockList();
ipv4Compatible.addSubnet("::", 96, "ipv6");

/** An address a request was refused for, with a sentence the admin can act on. */
export class RefusedAddress extends Error {}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** `[::1]` (as URL.hostname spells an IPv6 host) → `::1`. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Resolves `hostname` (an IP literal resolves to itself) and answers the address to connect to.
 * Unless `allowPrivate`, every address the name resolves to must be public: one internal answer
 * refuses the whole name, so a name that resolves to a public and a private address cannot be
 * steered to the private one. Nothing is sent to a refused address, not even a connection.
 */
export async function checkedAddress(
  hostname: string,
  {
    allowPrivate,
    refusal = "webhooks go only to public addresses unless WEBHOOK_ALLOW_PRIVATE=1 is set",
  }: { allowPrivate: boolean; refusal?: string },
): Promise<CheckedAddress> {
  const host = bareHost(hostname);
  let answers: Array<{ address: string; family: number }>;
  try {
    answers = ipaddr.isValid(host)
      ? [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }]
      : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new RefusedAddress(`The host ${host} could not be found.`);
  }
  if (answers.length === 0) throw new RefusedAddress(`The host ${host} could not be found.`);
  const internal = answers.find((a) => !isPublicAddress(a.address));
  if (internal && !allowPrivate) {
    const shown = internal.address === host ? host : `${host} (${internal.address})`;
    throw new RefusedAddress(`${shown} is a private or internal address; ${refusal}.`);
  }
  const [first] = answers;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
