import { describe, expect, it } from "vitest";
import { swissStandings } from "./standings.js";
import type { Board, Entrant } from "./types.js";

const E = (n: number): Entrant[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}`, rating: 1900 - i * 10 }));

describe("Swiss standings", () => {
  // Four players, three rounds (a round robin), computed by hand:
  // r1: p1-p3 1-0, p4-p2 ½;  r2: p2-p1 0-1, p3-p4 1-0;  r3: p1-p4 ½, p2-p3 1-0.
  // Points: p1 2.5, p2 1.5, p3 1, p4 1.
  const boards: Board[] = [
    { round: 1, board: 1, first: "p1", second: "p3", result: "first" },
    { round: 1, board: 2, first: "p4", second: "p2", result: "draw" },
    { round: 2, board: 1, first: "p2", second: "p1", result: "second" },
    { round: 2, board: 2, first: "p3", second: "p4", result: "first" },
    { round: 3, board: 1, first: "p1", second: "p4", result: "draw" },
    { round: 3, board: 2, first: "p2", second: "p3", result: "first" },
  ];

  it("counts points, Buchholz, its cuts, Sonneborn–Berger and wins", () => {
    const rows = swissStandings({ entrants: E(4), boards, byeHalves: 2 });
    const by = new Map(rows.map((r) => [r.id, r]));
    // p3 and p4 tie on points, cut-1 and Buchholz; Sonneborn–Berger (the default's third) puts p4 first.
    expect(rows.map((r) => r.id)).toEqual(["p1", "p2", "p4", "p3"]);
    expect(by.get("p1")).toMatchObject({ points: 2.5, wins: 2, draws: 1, losses: 0, played: 3 });
    // p1 met p3 (1), p2 (1.5), p4 (1): Buchholz 3.5, cut-1 2.5, median 1 (without 1 and 1.5); SB 1 + 1.5 + ½·1 = 3.
    expect(by.get("p1")?.tiebreaks).toMatchObject({ buchholz: 3.5, buchholzCut1: 2.5, median: 1, sonnebornBerger: 3 });
    // p3 and p4 both have 1 point: p3 met p1 (2.5), p4 (1), p2 (1.5) = 5; p4 met p2, p3, p1 = 5.
    // Cut-1: 4 and 4; SB: p3 beat p4 (1) = 1; p4 drew p2 (0.75) and p1 (1.25) = 2.
    expect(by.get("p3")?.tiebreaks).toMatchObject({ buchholz: 5, buchholzCut1: 4, sonnebornBerger: 1 });
    expect(by.get("p4")?.tiebreaks).toMatchObject({ buchholz: 5, buchholzCut1: 4, sonnebornBerger: 2 });
  });

  it("applies the organiser's order: direct encounter first puts p3 (who beat p4) above p4", () => {
    const sb = swissStandings({ entrants: E(4), boards, byeHalves: 2, order: ["sonnebornBerger"] });
    expect(sb.map((r) => r.id)).toEqual(["p1", "p2", "p4", "p3"]);
    const de = swissStandings({ entrants: E(4), boards, byeHalves: 2, order: ["direct", "sonnebornBerger"] });
    expect(de.map((r) => r.id)).toEqual(["p1", "p2", "p3", "p4"]);
    expect(de.find((r) => r.id === "p3")?.tiebreaks.direct).toBe(1);
  });

  it("scores a bye and counts it against a virtual opponent; a missed round is zero", () => {
    // Three players and a late fourth: r1 p1-p2 1-0, p3 bye; r2 p3-p1 0-1, p2-p4 1-0 (p4 missed r1).
    const b2: Board[] = [
      { round: 1, board: 1, first: "p1", second: "p2", result: "first" },
      { round: 1, board: 2, first: "p3", second: null, result: null },
      { round: 2, board: 1, first: "p3", second: "p1", result: "second" },
      { round: 2, board: 2, first: "p2", second: "p4", result: "first" },
    ];
    const rows = swissStandings({ entrants: E(4), boards: b2, byeHalves: 2 });
    const by = new Map(rows.map((r) => [r.id, r]));
    expect(by.get("p3")).toMatchObject({ points: 1, played: 1 });
    expect(by.get("p4")).toMatchObject({ points: 0, played: 1 });
    // p3's bye in round 1 of 2: virtual opponent starts on 0, loses (1 - 1 = 0), draws round 2: 0.5.
    // p3 met p1 (2): Buchholz 2.5.
    expect(by.get("p3")?.tiebreaks.buchholz).toBe(2.5);
    // p4 missed round 1: virtual opponent 0 + 1 + 0.5 = 1.5, and met p2 (1): 2.5.
    expect(by.get("p4")?.tiebreaks.buchholz).toBe(2.5);
  });

  it("counts a board still being played for nothing", () => {
    const rows = swissStandings({
      entrants: E(2),
      boards: [{ round: 1, board: 1, first: "p1", second: "p2", result: null }],
      byeHalves: 2,
    });
    expect(rows.map((r) => r.points)).toEqual([0, 0]);
  });
});
