import { describe, expect, it } from "vitest";
import { clientIpKey } from "./client-ip-key";

describe("the key per-IP limits count a client under", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientIpKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientIpKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("puts every address of one IPv6 /64 under one key, however it is written", () => {
    const keys = [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:abcd::",
      "2001:db8:1:2:0:0:10.0.0.1",
      "fe80::1%eth0".replace("fe80::1", "2001:db8:1:2::9"),
    ].map(clientIpKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
  });

  it("keeps neighbouring /64 networks apart", () => {
    expect(clientIpKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientIpKey("::1")).toBe("0:0:0:0::/64");
  });
});
