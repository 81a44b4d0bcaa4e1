import { describe, expect, it } from "vitest";
import { boardsCsv, standingsCsv, toTrf } from "./exports.js";
import { DEFAULT_TIEBREAKS, swissStandings } from "./standings.js";
import type { Board, Entrant } from "./types.js";

const entrants: Entrant[] = [
  { id: "x", name: "Abay, Kunanbay", rating: 1720 },
  { id: "y", name: "Bolat", rating: 1650 },
  { id: "z", name: '=HYPERLINK("evil")', rating: 1500 },
];
const boards: Board[] = [
  { round: 1, board: 1, first: "x", second: "y", result: "first" },
  { round: 1, board: 2, first: "z", second: null, result: null },
  { round: 2, board: 1, first: "z", second: "x", result: "draw" },
  { round: 2, board: 2, first: "y", second: null, result: null },
  { round: 3, board: 1, first: "y", second: "z", result: "second", forfeit: true },
];
const rows = swissStandings({ entrants, boards, byeHalves: 2 });

/** The text at 1-based columns [from, to] of a line. */
const col = (line: string, from: number, to: number): string => line.slice(from - 1, to);

describe("TRF16", () => {
  const trf = toTrf(
    { name: "Class 7B", start: "2026/12/03", end: "2026/12/03", timeControl: "10+5", rounds: 3 },
    entrants,
    boards,
    rows,
    2,
  );
  const lines = trf.split("\r\n");
  const players = lines.filter((l) => l.startsWith("001"));

  it("writes the tournament lines and CR LF endings", () => {
    expect(lines[0]).toBe("012 Class 7B");
    expect(lines).toContain("062 3");
    expect(lines).toContain("122 10+5");
    expect(trf.endsWith("\r\n")).toBe(true);
  });

  it("puts every field of a 001 line in its columns", () => {
    expect(players).toHaveLength(3);
    const [a, b, c] = players;
    expect(col(a, 1, 3)).toBe("001");
    expect(col(a, 5, 8)).toBe("   1");
    expect(col(a, 15, 47)).toBe("Abay, Kunanbay".padEnd(33));
    expect(col(a, 49, 52)).toBe("1720");
    // x: beat y (w), drew z (b), had no game in round 3 (zero, unpaired).
    expect(col(a, 81, 84)).toBe(" 1.5");
    expect(col(a, 92, 99)).toBe("0002 w 1");
    expect(col(a, 102, 109)).toBe("0003 b =");
    expect(col(a, 112, 119)).toBe("0000 - Z");
    // y: lost to x (b), bye (U), lost by forfeit to z in round 3.
    expect(col(b, 5, 8)).toBe("   2");
    expect(col(b, 92, 99)).toBe("0001 b 0");
    expect(col(b, 102, 109)).toBe("0000 - U");
    expect(col(b, 112, 119)).toBe("0003 - -");
    // z: bye, drew x as first, won by forfeit.
    expect(col(c, 92, 99)).toBe("0000 - U");
    expect(col(c, 102, 109)).toBe("0001 w =");
    expect(col(c, 112, 119)).toBe("0002 - +");
    expect(col(c, 81, 84)).toBe(" 2.5");
    expect(col(c, 86, 89)).toBe("   1");
  });
});

describe("CSV sheets", () => {
  it("lists the standings with the tiebreak columns in order, a formula made text", () => {
    const text = standingsCsv(rows, DEFAULT_TIEBREAKS);
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "rank,number,name,rating,points,played,wins,draws,losses,buchholzCut1,buchholz,sonnebornBerger,direct,wins",
    );
    expect(lines[1].split(",").slice(0, 5)).toEqual(["1", "3", `"'=HYPERLINK(""evil"")"`, "1500", "2.5"]);
    expect(lines[2]).toMatch(/^2,1,"Abay, Kunanbay",1720,1.5,2,1,1,0,/);
  });

  it("lists every board with its result", () => {
    const lines = boardsCsv(entrants, boards).trimEnd().split("\r\n");
    expect(lines[0]).toBe("round,board,first_number,first_name,second_number,second_name,result");
    expect(lines[1]).toBe('1,1,1,"Abay, Kunanbay",2,Bolat,1-0');
    expect(lines[2]).toBe(`1,2,3,"'=HYPERLINK(""evil"")",,,bye`);
    expect(lines[3]).toBe(`2,1,3,"'=HYPERLINK(""evil"")",1,"Abay, Kunanbay",½-½`);
    expect(lines[5]).toBe(`3,1,2,Bolat,3,"'=HYPERLINK(""evil"")",0-1 forfeit`);
  });
});
