/** Catching up: one sync at a time, a gap asked for once then skipped, the first catch-up told apart. */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  CATCHING_UP,
  advanced,
  askSync,
  connectionLost,
  gapWaited,
  settled,
  syncEnded,
  type CatchUp,
} from "./catchup.js";

describe("catching up", () => {
  test("never two syncs in flight, whatever happens", () => {
    const Ev = fc.constantFrom("ask", "end", "lost", "advanced", "gap", "settle", "settleKeyless");
    fc.assert(
      fc.property(fc.array(Ev, { maxLength: 60 }), (evs) => {
        let c: CatchUp = CATCHING_UP;
        let inFlight = 0;
        let firsts = 0;
        for (const e of evs) {
          if (e === "ask") {
            const r = askSync(c);
            c = r.c;
            if (r.send) inFlight++;
          } else if (e === "end") {
            if (c.syncing) inFlight--;
            c = syncEnded(c);
          } else if (e === "lost") {
            c = connectionLost(c);
            inFlight = 0; // the connection's answers go with it
          } else if (e === "advanced") c = advanced(c);
          else if (e === "gap") c = gapWaited(c).c;
          else {
            const r = settled(c, true, e === "settle");
            c = r.c;
            if (r.first) firsts++;
          }
          expect(inFlight).toBeLessThanOrEqual(1);
          expect(c.syncing).toBe(inFlight === 1);
          expect(firsts).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  test("a gap: asked for again once, then skipped; applying something makes it a new gap", () => {
    const a = gapWaited(CATCHING_UP);
    expect(a.then).toBe("sync");
    const b = gapWaited(a.c);
    expect(b.then).toBe("skip");
    expect(gapWaited(b.c).then).toBe("sync");
    expect(gapWaited(advanced(a.c)).then).toBe("sync");
  });

  test("caught up without the key, then with it: the first arrival with the key is the first; after a drop it arrives again, not first", () => {
    const keyless = settled(CATCHING_UP, true, false);
    expect(keyless).toMatchObject({ arrived: false, first: false });
    expect(keyless.c.caughtUp).toBe(true);
    const keyed = settled(keyless.c, true, true);
    expect(keyed).toMatchObject({ arrived: true, first: true });
    expect(settled(keyed.c, true, true)).toMatchObject({ arrived: false, first: false });
    const back = settled(connectionLost(keyed.c), true, true);
    expect(back).toMatchObject({ arrived: true, first: false });
    expect(settled(CATCHING_UP, false, true)).toMatchObject({ arrived: false, c: CATCHING_UP });
  });
});
