import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureTable, startDynalite, type LocalDynamo } from "../local/dynamo.js";
import { LEASE_MS, makeDynamoTimerLease } from "./lease.js";
import type { TickReport } from "./service.js";
import { tickForAMinute } from "./timer.js";
import { INVOCATION_SPAN_MS, SCHEDULE_PERIOD_MS, TIMER_TIMEOUT_SECONDS } from "./span.js";

function fakes(busy: boolean, timeoutMs = TIMER_TIMEOUT_SECONDS * 1000) {
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
  test("with something to watch it ticks every second for its span, under its timeout and the schedule's period", async () => {
    const f = fakes(true);
    const r = await tickForAMinute(f.service, f.context, f.clock);
    expect(r.ticks).toBe(INVOCATION_SPAN_MS / 1_000 + 1);
    expect(f.ticks.slice(0, 3)).toEqual([0, 1_000, 2_000]);
    expect(f.ticks.every((x, i) => x === i * 1_000)).toBe(true);
    expect(f.ticks.at(-1)).toBe(INVOCATION_SPAN_MS);
    // The run (its last tick included) ends before the Lambda timeout, which is under the period.
    expect(f.ticks.at(-1)! + 40).toBeLessThan(TIMER_TIMEOUT_SECONDS * 1000);
    expect(TIMER_TIMEOUT_SECONDS * 1000).toBeLessThan(SCHEDULE_PERIOD_MS);
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

describe("the timer's lease (on dynalite)", () => {
  let dynamo: LocalDynamo;
  beforeAll(async () => {
    dynamo = await startDynalite(null);
    await ensureTable(dynamo.client, "lease");
  });
  afterAll(async () => {
    await dynamo?.close();
  });

  /** A service whose tick takes `ms` of real time and records when it acted. */
  function slowService(ms: number, acted: string[], name: string) {
    return {
      async tick(): Promise<TickReport> {
        acted.push(`${name} start`);
        await new Promise((r) => setTimeout(r, ms));
        acted.push(`${name} end`);
        return { matches: 0, ended: 0, paired: 0, waiting: 0 };
      },
      busy: async () => false,
    };
  }

  test("two ticks started together: one acts, the other skips; after release the next one acts", async () => {
    const lease = makeDynamoTimerLease(dynamo.client, "lease");
    const acted: string[] = [];
    const [a, b] = await Promise.all([
      tickForAMinute(slowService(50, acted, "a"), undefined, undefined, { lease, holder: "a" }),
      tickForAMinute(slowService(50, acted, "b"), undefined, undefined, { lease, holder: "b" }),
    ]);
    expect(a.ticks + b.ticks).toBe(1);
    expect(a.skipped + b.skipped).toBe(1);
    expect(acted).toHaveLength(2);
    // The winner released the lease at its end: a later tick of the other acts.
    const loser = a.ticks === 0 ? "a" : "b";
    const c = await tickForAMinute(slowService(1, acted, loser), undefined, undefined, { lease, holder: loser });
    expect(c.ticks).toBe(1);
  });

  test("a holder that died keeps others out for LEASE_MS, then loses the lease", async () => {
    const lease = makeDynamoTimerLease(dynamo.client, "lease");
    const t = Date.now();
    expect(await lease.acquire("dead", t)).toBe(true);
    expect(await lease.acquire("next", t + LEASE_MS - 1)).toBe(false);
    expect(await lease.acquire("dead", t + 1_000)).toBe(true); // the holder renews
    expect(await lease.acquire("next", t + LEASE_MS + 1)).toBe(false);
    expect(await lease.acquire("next", t + 1_000 + LEASE_MS + 1)).toBe(true);
    await lease.release("dead"); // no longer its lease: nothing happens
    expect(await lease.acquire("dead", t + 1_000 + LEASE_MS + 2)).toBe(false);
    await lease.release("next");
    expect(await lease.acquire("dead", t + 1_000 + LEASE_MS + 3)).toBe(true);
    await lease.release("dead");
  });

  test("ten invocations at once, each ticking for a few seconds: ticks never overlap", async () => {
    const lease = makeDynamoTimerLease(dynamo.client, "lease");
    const acted: number[] = [];
    let running = 0;
    let most = 0;
    const service = {
      async tick(): Promise<TickReport> {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        acted.push(Date.now());
        return { matches: 0, ended: 0, paired: 0, waiting: 1 };
      },
      busy: async () => true,
    };
    const start = Date.now();
    // Real time: a Lambda context with 4.6 s left, so each invocation ticks about twice.
    const context = { getRemainingTimeInMillis: () => 4_600 - (Date.now() - start) };
    const reports = await Promise.all(
      Array.from({ length: 10 }, (_, i) => tickForAMinute(service, context, undefined, { lease, holder: `inv${i}` })),
    );
    expect(most).toBe(1);
    const ticks = reports.reduce((n, r) => n + r.ticks, 0);
    expect(ticks).toBe(acted.length);
    expect(ticks).toBeGreaterThanOrEqual(2);
    expect(reports.reduce((n, r) => n + r.skipped, 0)).toBeGreaterThanOrEqual(9);
  });
});
