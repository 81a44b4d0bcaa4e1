/** A stored message into the game: refused unless it opens, is fresh from its seat, and the engine takes it. */
import nacl from "tweetnacl";
import { describe, expect, test } from "vitest";
import { createReplayGuard, sealBox } from "../../crypto/envelope.js";
import type { StoredMessage } from "../../protocol/friend.js";
import { createFriendGame } from "./game.js";
import { openAndApply } from "./apply.js";

const key = nacl.randomBytes(32);
const setup = { t: "setup", game: "tsoro-wta", options: { holes: 4, seeds: 1 }, bestOf: 1 };

function stored(
  body: unknown,
  o: { seat?: 0 | 1; cseq?: number; seq?: number; kind?: "game" | "chat"; k?: Uint8Array } = {},
) {
  const seat = o.seat ?? 0;
  const cseq = o.cseq ?? 1;
  const msg: StoredMessage = {
    seq: o.seq ?? 1,
    from: seat,
    cseq,
    kind: o.kind ?? "game",
    box: sealBox(o.k ?? key, { seat, seq: cseq, kind: "game", body }),
    at: 5,
    sent: [cseq, 0],
    proof: "p",
  };
  return msg;
}

describe("open and apply", () => {
  test("a good message is applied and moves the guard", () => {
    const r = openAndApply(createFriendGame(), createReplayGuard(), key, stored(setup));
    expect(r.outcome.ok).toBe(true);
    expect(r.guard).toEqual([1, 0]);
    if (r.outcome.ok) {
      expect(r.outcome.entry).toEqual({ from: 0, seq: 1, at: 5, payload: setup });
      expect(r.outcome.applied.game.settings?.game).toBe("tsoro-wta");
    }
  });

  test("no key, another key, a replay, or another seat's box: refused, the guard unmoved", () => {
    const game = createFriendGame();
    const g = createReplayGuard();
    expect(openAndApply(game, g, null, stored(setup)).outcome).toMatchObject({ ok: false, code: "crypto/bad_box" });
    const other = openAndApply(game, g, key, stored(setup, { k: nacl.randomBytes(32) }));
    expect(other.outcome.ok).toBe(false);
    expect(other.guard).toEqual(g);
    const replay = openAndApply(game, [3, 0], key, stored(setup, { cseq: 2 }));
    expect(replay.outcome).toMatchObject({ ok: false, code: "crypto/replay" });
    expect(replay.guard).toEqual([3, 0]);
    const relabelled = { ...stored(setup), from: 1 as const };
    expect(openAndApply(game, g, key, relabelled).outcome).toMatchObject({ ok: false, code: "crypto/wrong_seat" });
  });

  test("a fresh box whose kind, payload or move is refused still uses up its number", () => {
    const game = createFriendGame();
    const wrongKind = openAndApply(game, createReplayGuard(), key, stored(setup, { kind: "chat" }));
    expect(wrongKind.outcome).toMatchObject({ ok: false, code: "peer/invalid" });
    expect(wrongKind.guard).toEqual([1, 0]);
    const junk = openAndApply(game, createReplayGuard(), key, stored({ t: "nonsense" }));
    expect(junk.outcome.ok).toBe(false);
    expect(junk.guard).toEqual([1, 0]);
    const early = openAndApply(
      game,
      createReplayGuard(),
      key,
      stored({ t: "move", series: 0, game: 0, ply: 0, move: 0 }),
    );
    expect(early.outcome.ok).toBe(false);
    expect(early.guard).toEqual([1, 0]);
  });
});
