import { describe, expect, test } from "vitest";
import { countsBetween, figures, MONTH_MINUTES, monthlyCost, percentileOf, PRICES } from "./load-model.js";

describe("the load bench's arithmetic", () => {
  const a = { dynamo: { PutItem: 10, Query: 5 }, posts: 100, routeResponses: 50, messagesIn: 60, throttled: 2 };
  const b = {
    dynamo: { PutItem: 70, Query: 35, GetItem: 30, UpdateItem: 60, Scan: 9 },
    posts: 220,
    routeResponses: 110,
    messagesIn: 132,
    throttled: 14,
  };

  test("counts are the difference of two readings; Scans (the local TTL sweeper) are not billed", () => {
    const c = countsBetween(a, b);
    expect(c).toEqual({
      dynamo: { PutItem: 60, Query: 30, GetItem: 30, UpdateItem: 60, Scan: 9 },
      posts: 120,
      routeResponses: 60,
      messagesIn: 72,
      throttled: 12,
    });
    // 12 player-minutes: 120 writes, 60 reads.
    const f = figures(c, 12);
    expect(f.dynamoWritesPerPlayerMinute).toBe(10);
    expect(f.dynamoReadsPerPlayerMinute).toBe(5);
    expect(f.dynamoCallsPerPlayerMinute).toBe(15);
    expect(f.postsPerPlayerMinute).toBe(10);
    expect(f.messagesInPerPlayerMinute).toBe(5);
    expect(f.wsMessagesPerPlayerMinute).toBe((60 + 60 + 120) / 12);
    expect(f.throttledFraction).toBeCloseTo(12 / 72);
    expect(() => figures(c, 0)).toThrow(/player-minutes/);
  });

  test("the monthly cost scales with the players and follows the listed prices", () => {
    const f = figures(countsBetween(a, b), 12);
    const one = monthlyCost(f, 1, 50);
    const many = monthlyCost(f, 1000, 50);
    expect(many.total).toBeCloseTo(one.total * 1000, 6);
    expect(one.dynamo).toBeCloseTo(
      (MONTH_MINUTES * (10 * PRICES.dynamoWritePerMillion + 5 * PRICES.dynamoReadPerMillion)) / 1e6,
      9,
    );
    expect(one.wsConnectionMinutes).toBeCloseTo((MONTH_MINUTES * 0.25) / 1e6, 12);
    expect(many.wsConnectionMinutes).toBeCloseTo(10.95, 6);
    expect(one.lambdaDuration).toBeCloseTo(5 * MONTH_MINUTES * 0.05 * 0.5 * PRICES.lambdaGbSecond, 9);
    expect(monthlyCost(f, 1, 100).lambdaDuration).toBeCloseTo(one.lambdaDuration * 2, 9);
  });

  test("percentiles by nearest rank", () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentileOf(xs, 50)).toBe(50);
    expect(percentileOf(xs, 99)).toBe(99);
    expect(percentileOf([], 50)).toBe(0);
  });
});
