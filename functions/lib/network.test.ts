import { BlockList } from "node:net";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { networkOf } from "./network.js";

const hextets = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });

/** One of the many ways to write the same IPv6 address: leading zeros, case, `::` over any zero run. */
function write(g: readonly number[], style: { pad: boolean; upper: boolean; compress: number }): string {
  const parts = g.map((x) => {
    const h = x.toString(16);
    return style.pad ? h.padStart(4, "0") : h;
  });
  const runs: [number, number][] = [];
  for (let i = 0; i < 8; i++) {
    if (g[i] !== 0) continue;
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    runs.push([i, j]);
    i = j;
  }
  let text = parts.join(":");
  if (runs.length > 0 && style.compress > 0) {
    const [i, j] = runs[style.compress % runs.length];
    text = `${parts.slice(0, i).join(":")}::${parts.slice(j).join(":")}`;
  }
  return style.upper ? text.toUpperCase() : text;
}

const styles = fc.record({ pad: fc.boolean(), upper: fc.boolean(), compress: fc.nat(8) });

describe("networkOf", () => {
  test("every way of writing an IPv6 address gives one network, and it is the address's /64", () => {
    fc.assert(
      fc.property(hextets, styles, styles, (g, s1, s2) => {
        fc.pre(!(g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff));
        const a = write(g, s1);
        const b = write(g, s2);
        expect(networkOf(a)).toBe(networkOf(b));
        // The oracle: node's own subnet matcher puts the address in the /64 the key names.
        const net = new BlockList();
        net.addSubnet(networkOf(a).replace("/64", ""), 64, "ipv6");
        expect(net.check(b, "ipv6")).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  test("two IPv6 addresses share a network exactly when node's matcher puts them in one /64", () => {
    fc.assert(
      fc.property(hextets, hextets, fc.boolean(), styles, (a, b0, same, s) => {
        const b = same ? [...a.slice(0, 4), ...b0.slice(4)] : b0;
        fc.pre(![a, b].some((g) => g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff));
        const net = new BlockList();
        net.addSubnet(write(a, s), 64, "ipv6");
        expect(networkOf(write(a, s)) === networkOf(write(b, s))).toBe(net.check(write(b, s), "ipv6"));
      }),
      { numRuns: 500 },
    );
  });

  test("an IPv4 address is its own network, written plain or mapped into IPv6", () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(networkOf(ip)).toBe(ip);
        expect(networkOf(`::ffff:${ip}`)).toBe(ip);
        expect(networkOf(`::FFFF:${ip}`)).toBe(ip);
        const [a, b, c, d] = ip.split(".").map(Number);
        const hex = `::ffff:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        expect(networkOf(hex)).toBe(ip);
        expect(networkOf(`0:0:0:0:0:ffff:${ip}`)).toBe(ip);
      }),
    );
  });

  test.each([
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:0:0:1", "2001:db8:1:2::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["[2001:db8:1:2::9]", "2001:db8:1:2::/64"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["127.0.0.1", "127.0.0.1"],
    ["unknown", "unknown"],
  ])("%s is in %s", (ip, net) => {
    expect(networkOf(ip)).toBe(net);
  });

  test("anything that is not an address is a bounded key, and nothing throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        expect(networkOf(s).length).toBeLessThanOrEqual(64);
      }),
    );
  });
});
