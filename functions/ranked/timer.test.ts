import { describe, expect, test } from "vitest";
import type { TickReport } from "./service.js";
import { tickForAMinute } from "./timer.js";

function fakes(busy: boolean, timeoutMs = 70_000) {
  let t = 1_000_000;
  const ticks: number[] = [];
  const clock = { now: () => t, sleep: async (ms: number) => void (t += ms) };
  const start = t;
  const context = { getRemainingTimeInMillis: () => timeoutMs - (t - start) };
  const report: TickReport = { matches: 0, ended: 0, paired: 0, waiting: busy ? 1 : 0 };
  const service = {
    async tick() {
      ticks.push(t - start);
      t += 40; // each tick takes a little time
      return report;
    },
    busy: async (r: TickReport) => r.waiting > 0,
  };
  return { clock, context, service, ticks };
}

describe("the timer's invocation", () => {
  test("with something to watch it ticks every second for a little over a minute", async () => {
    const f = fakes(true);
    const r = await tickForAMinute(f.service, f.context, f.clock);
    expect(r.ticks).toBe(62);
    expect(f.ticks.slice(0, 3)).toEqual([0, 1_000, 2_000]);
    expect(f.ticks.every((x, i) => x === i * 1_000)).toBe(true);
    expect(f.ticks.at(-1)).toBe(61_000);
  });

  test("an idle deployment returns after one tick; without a Lambda context (locally) it ticks once", async () => {
    const idle = fakes(false);
    expect((await tickForAMinute(idle.service, idle.context, idle.clock)).ticks).toBe(1);
    const local = fakes(true);
    expect((await tickForAMinute(local.service, undefined, local.clock)).ticks).toBe(1);
  });

  test("it stops before the Lambda's timeout", async () => {
    const f = fakes(true, 10_000);
    const r = await tickForAMinute(f.service, f.context, f.clock);
    expect(f.ticks.at(-1)!).toBeLessThan(10_000 - 1_500);
    expect(r.ticks).toBeGreaterThan(5);
  });
});
