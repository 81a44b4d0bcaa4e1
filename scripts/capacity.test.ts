import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { capacity, capacityMarkdown, DEFAULT_ASSUMPTIONS, DEFAULT_PLAYERS, loadMeasured, QUOTAS } from "./capacity.js";
import { logBytesPerMessage } from "../stacks/logs.js";
import { DEFAULT_SETTINGS } from "../stacks/settings.js";

describe("the capacity command", () => {
  const m = loadMeasured();

  test("docs/operations.md shows the command's own table (npm run -s capacity -- --markdown)", () => {
    const table = capacityMarkdown(DEFAULT_PLAYERS.map((n) => capacity(m.figures, n, DEFAULT_ASSUMPTIONS)));
    // Compared cell by cell (the formatter pads the doc's columns).
    const norm = (t: string): string => t.replace(/ +/g, " ").replace(/-{3,}/g, "---");
    expect(norm(readFileSync("docs/operations.md", "utf8"))).toContain(norm(table));
  });

  test("usage lines scale with the players; the fixed lines do not; the first limit follows the rates", () => {
    const one = capacity(m.figures, 1_000, DEFAULT_ASSUMPTIONS);
    const ten = capacity(m.figures, 10_000, DEFAULT_ASSUMPTIONS);
    const byName = (c: typeof one, prefix: string): number => c.lines.find((l) => l.line.startsWith(prefix))!.usd;
    expect(byName(ten, "DynamoDB reads")).toBeCloseTo(byName(one, "DynamoDB reads") * 10, 6);
    expect(byName(ten, "alarms")).toBe(byName(one, "alarms"));
    const throttle = one.limits[0];
    expect(throttle.of).toBe(DEFAULT_SETTINGS.wsThrottle.rate);
    expect(throttle.used).toBeCloseTo((1_000 * m.figures.messagesInPerPlayerMinute) / 60, 6);
    const account = ten.limits[1];
    expect(account.of).toBe(QUOTAS.accountRequestsPerSecond);
    // Callbacks count against the account: posts add to the messages in.
    expect(account.used).toBeGreaterThan(ten.limits[0].used);
    const big = capacity(m.figures, 100_000, DEFAULT_ASSUMPTIONS);
    expect(big.first).not.toBeNull();
    expect(big.first!.used).toBeGreaterThanOrEqual(big.first!.of);
  });

  test("the compact access log and Lambda's JSON format at WARN write less per message", () => {
    const b = logBytesPerMessage();
    expect(b.after.lambdaSystem).toBe(0);
    expect(b.before.lambdaSystem).toBeGreaterThan(200);
    expect(b.after.accessLog).toBeLessThan(b.before.accessLog / 2);
  });
});
