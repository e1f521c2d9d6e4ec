import { describe, expect, it } from "vitest";
import { addressBucket } from "../../core/auth/address-bucket";

describe("one caller for the rate limits", () => {
  it("is an IPv4 address as it is", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("local")).toBe("local");
  });

  it("is an IPv6 address's /64, however it is written", () => {
    const network = "2001:db8:77:1::/64";
    for (const address of ["2001:db8:77:1::1", "2001:0db8:0077:0001:abcd:ef01:2345:6789", "2001:DB8:77:1:ffff::9"]) {
      expect(addressBucket(address), address).toBe(network);
    }
    expect(addressBucket("2001:db8:77:2::1")).not.toBe(network);
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("fe80::")).toBe("fe80:0:0:0::/64");
  });
});
