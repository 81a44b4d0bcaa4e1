import { fireEvent, render } from "@solidjs/testing-library";
import { createStore } from "solid-js/store";
import { describe, expect, test } from "vitest";
import { newGame, play, setup, type State, boardView } from "../../../core/games/index.js";
import { legalPits } from "../present/moves.js";
import { Board, MAX_DRAWN, type BoardProps } from "./Board.js";

function state(game: string, options?: unknown): State {
  const s = newGame(game, options);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

function renderBoard(s: State, extra: Partial<BoardProps> = {}) {
  const picks: number[] = [];
  const previews: (number | null)[] = [];
  const [props, setProps] = createStore<{ -readonly [K in keyof BoardProps]: BoardProps[K] }>({
    engine: s.engine,
    bottom: 0,
    display: boardView(s),
    legal: legalPits(s),
    lastFrom: null,
    preview: null,
    hint: null,
    hand: null,
    flights: [],
    glow: null,
    names: ["Aigerim", "Computer"],
    counters: "seeds",
    holeSize: "medium",
    handStyle: "medium",
    onPick: (p) => picks.push(p),
    onPreview: (p) => previews.push(p),
    ...extra,
  });
  const r = render(() => <Board {...props} />);
  return { ...r, picks, previews, setProps };
}

const pit = (c: HTMLElement, i: number): HTMLButtonElement => c.querySelector(`[data-pit="${i}"]`) as HTMLButtonElement;

describe("Board", () => {
  test.each([
    ["togyz", undefined, 18, 2],
    ["ayo", undefined, 12, 2],
    ["tsoro-classic", { holes: 6, seeds: 3 }, 24, 2],
    ["tsoro-wta", { holes: 4, seeds: 2 }, 16, 0],
  ] as const)("%s: every pit and store, with its count beside it and in its label", (game, options, pits, stores) => {
    const s = state(game, options);
    const { container } = renderBoard(s);
    expect(container.querySelectorAll("[data-pit]").length).toBe(pits);
    expect(container.querySelectorAll("[data-store]").length).toBe(stores);
    const d = boardView(s);
    for (let i = 0; i < pits; i++) {
      const b = pit(container, i);
      expect(b.dataset.count).toBe(String(d.board[i]));
      expect(b.parentElement?.querySelector(".count")?.textContent).toBe(String(d.board[i]));
      expect(b.getAttribute("aria-label")).toContain(`${d.board[i]} ${game === "togyz" ? "stones" : "seeds"}`);
      expect(b.querySelectorAll(".seed").length).toBe(Math.min(d.board[i], MAX_DRAWN));
    }
  });

  test("a kazan shows its stones up to a winning heap, and its owner's name", () => {
    const s = state("togyz");
    const d = boardView(s);
    const { container } = renderBoard(s, { display: { ...d, stores: [85, 3] }, owners: ["Aigerim", "Bola"] });
    const mine = container.querySelector('[data-store="0"]') as HTMLElement;
    expect(mine.querySelectorAll(".seed").length).toBe(85);
    expect(mine.querySelector(".store-owner")?.textContent).toBe("Aigerim");
    expect(container.querySelector('[data-store="1"] .store-owner')?.textContent).toBe("Bola");
  });

  test("only the legal pits glow, take focus and can be picked; the others say no", () => {
    const s = state("ayo");
    const { container, picks } = renderBoard(s);
    const legal = legalPits(s);
    expect(legal).toEqual([0, 1, 2, 3, 4, 5]);
    for (let i = 0; i < 12; i++) {
      const b = pit(container, i);
      expect(b.classList.contains("legal")).toBe(legal.includes(i));
      expect(b.getAttribute("aria-disabled")).toBe(legal.includes(i) ? "false" : "true");
      expect(b.tabIndex).toBe(legal.includes(i) ? 0 : -1);
    }
    // Keyboard activation (a click with detail 0) picks; an opponent pit does nothing.
    fireEvent.click(pit(container, 3), { detail: 0 });
    fireEvent.click(pit(container, 8), { detail: 0 });
    expect(picks).toEqual([3]);
  });

  test("press on a legal pit previews it; focus previews too", () => {
    const s = state("togyz");
    const { container, previews } = renderBoard(s);
    fireEvent.pointerDown(pit(container, 4), { pointerType: "touch" });
    expect(previews.at(-1)).toBe(4);
    fireEvent.pointerDown(pit(container, 12), { pointerType: "touch" });
    expect(previews.at(-1)).toBe(4);
    pit(container, 2).focus();
    expect(previews.at(-1)).toBe(2);
  });

  test("press, slide and lift: the pit lifted over is sown; lifting over an opponent pit sows nothing", () => {
    const s = state("togyz");
    const { container, picks } = renderBoard(s);
    fireEvent.pointerDown(pit(container, 4), { pointerType: "touch" });
    fireEvent.pointerUp(pit(container, 6), { pointerType: "touch" });
    expect(picks).toEqual([6]);
    fireEvent.pointerDown(pit(container, 2), { pointerType: "touch" });
    fireEvent.pointerUp(pit(container, 13), { pointerType: "touch" });
    expect(picks).toEqual([6]);
  });

  test("the preview ring marks where the last seed lands; last move, hint and tuzdyk stars are shown", () => {
    const s = setup("togyz", undefined, {
      board: [9, 9, 9, 9, 9, 9, 9, 9, 3, 9, 0, 9, 9, 9, 9, 9, 9, 9],
      stores: [9, 6],
      toMove: 0,
      tuzdyk: [2, null],
    });
    if (!s.ok) throw new Error(s.error.message);
    const { container, setProps } = renderBoard(s.value, { preview: { from: 8, to: 10 }, lastFrom: 3, hint: 6 });
    expect(pit(container, 8).classList.contains("pressed")).toBe(true);
    expect(pit(container, 10).classList.contains("landing")).toBe(true);
    expect(pit(container, 8).getAttribute("aria-label")).toBe(
      "Aigerim's pit 9, 3 stones, can be sown, last stone lands in Computer's pit 2",
    );
    expect(pit(container, 3).querySelector(".last-dot")).not.toBeNull();
    expect(pit(container, 6).classList.contains("hint")).toBe(true);
    // Seat 0 (at the bottom) owns the opponent's pit 2 as tuzdyk: a white star there.
    const star = pit(container, 10).querySelector(".star");
    expect(star?.classList.contains("mine")).toBe(true);
    expect(pit(container, 10).getAttribute("aria-label")).toBe("Computer's pit 2, 0 stones, Aigerim's tuzdyk");
    // Seen from the other side, the same star is the opponent's colour.
    setProps("bottom", 1);
    expect(pit(container, 10).querySelector(".star")?.classList.contains("mine")).toBe(false);
  });

  test("the hand carries the count in hand; a capture shows +n; the winner's store glows", () => {
    const s = state("ayo");
    const { container, setProps } = renderBoard(s);
    expect(container.querySelector(".hand")).toBeNull();
    setProps("hand", { pit: 2, count: 3 });
    expect(container.querySelector(".hand")?.getAttribute("data-in-hand")).toBe("3");
    expect(container.querySelector(".in-hand")?.textContent).toBe("3");
    setProps("flights", [{ id: 1, from: 7, to: { store: 0 }, count: 7 }]);
    expect(container.querySelector(".flight")?.textContent).toBe("+7");
    setProps("glow", 0);
    expect(container.querySelector('[data-store="0"]')?.classList.contains("glow")).toBe(true);
  });

  test("screen readers hear natural labels, each side's pits in order, the top side first", () => {
    const s = state("togyz");
    const { container } = renderBoard(s, { names: ["You", "Computer"], legal: [] });
    const labels = [...container.querySelectorAll("[data-pit], [data-store]")].map((e) => e.getAttribute("aria-label"));
    expect(labels).toEqual([
      "Computer's kazan, 0 stones",
      ...Array.from({ length: 9 }, (_, i) => `Computer's pit ${i + 1}, 9 stones`),
      ...Array.from({ length: 9 }, (_, i) => `Your pit ${i + 1}, 9 stones`),
      "Your kazan, 0 stones",
    ]);
    const t = state("tsoro-classic", { holes: 4, seeds: 1 });
    const { container: c2 } = renderBoard(t, { names: ["You", "Computer"], legal: [] });
    const own = [...c2.querySelectorAll("[data-pit]")].slice(8).map((e) => e.getAttribute("aria-label"));
    expect(own[0]).toBe("Your hole 1 (bottom row), 1 seed");
    expect(own[7]).toBe("Your hole 8 (top row), 1 seed");
  });

  test("counts follow the display as a move is played", () => {
    const s = state("togyz");
    const { container, setProps } = renderBoard(s);
    const r = play(s, 1);
    if (!r.ok) throw new Error(r.error.message);
    setProps("display", boardView(r.value.state));
    expect(pit(container, 0).dataset.count).toBe("1");
    for (let i = 1; i < 9; i++) expect(pit(container, i).dataset.count).toBe("10");
  });
});
