/**
 * The network a source address belongs to, the key of every per-address limit: an IPv4 address is
 * its own network; an IPv6 address stands for its /64 (one home or phone line is given a /64, so
 * its 2^64 addresses are one caller). An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as a dual-stack
 * socket reports an IPv4 peer) is the IPv4 address it maps. Whatever is not an IP address (an event
 * without one) is its own key, cut to a bounded length.
 */
import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of a valid IPv6 address (compressed forms, embedded IPv4, any case). */
function groupsOf(ip: string): number[] {
  const [head, tail] = ip.includes("::") ? ip.split("::") : [ip, undefined];
  const part = (s: string): number[] => {
    if (s === "") return [];
    const out: number[] = [];
    for (const g of s.split(":")) {
      if (g.includes(".")) {
        const [a, b, c, d] = g.split(".").map(Number);
        out.push((a << 8) | b, (c << 8) | d);
      } else out.push(parseInt(g, 16));
    }
    return out;
  };
  const left = part(head);
  if (tail === undefined) return left;
  const right = part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The network key of a source address: `a.b.c.d` for IPv4, `x:x:x:x::/64` for IPv6. */
export function networkOf(sourceIp: string): string {
  const ip = sourceIp.trim().replace(/^\[(.*)\]$/, "$1");
  if (isIPv4(ip)) return ip;
  const bare = ip.replace(/%.*$/, ""); // a zone (`fe80::1%eth0`) names an interface, not a network
  if (!isIPv6(bare)) return sourceIp.slice(0, 64);
  const g = groupsOf(bare);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join(".");
  }
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(":")}::/64`;
}
