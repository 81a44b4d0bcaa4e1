/**
 * Where every pit and store sits on screen, for each game's board, seen from one seat.
 *
 * Layouts are computed on a "landscape" grid first (the viewer's side along the bottom, their store
 * on the right, sowing running counter-clockwise), then, on a phone held upright, wide boards are
 * turned a quarter clockwise: the viewer's row ends up on the left and their store at the bottom.
 */
import type { Engine } from "../../../core/games/index.js";
import type { GameId, Seat } from "../../../core/types.js";
import type { HoleSize } from "../state/createSettings.js";

/** Where a pit's count (and number) sits: beside it on the outer side, or on a corner of it. */
export type CountAt = "above" | "below" | "left" | "right";

export interface PitCell {
  readonly kind: "pit";
  /** docs/rules.md board index. */
  readonly index: number;
  readonly owner: Seat;
  /** Number shown to players: togyz 1..9 per side, ayo 1..12, tsoro 1..2n per side. */
  readonly label: number;
  /** Tsoro: whether the hole is in its owner's top row (the row that can be captured). */
  readonly top: boolean;
  readonly row: number;
  readonly col: number;
  readonly rowSpan: number;
  readonly colSpan: number;
}

export interface StoreCell {
  readonly kind: "store";
  readonly seat: Seat;
  readonly row: number;
  readonly col: number;
  readonly rowSpan: number;
  readonly colSpan: number;
}

export interface Layout {
  readonly rows: number;
  readonly cols: number;
  readonly pits: readonly PitCell[];
  readonly stores: readonly StoreCell[];
  readonly turned: boolean;
}

export function hasStores(game: GameId): boolean {
  return game !== "tsoro-wta";
}

function pitOwner(engine: Engine, index: number): Seat {
  return index < engine.pits / 2 ? 0 : 1;
}

function pitLabel(engine: Engine, index: number): number {
  if (engine.game === "ayo") return index + 1;
  const half = engine.pits / 2;
  return (index % half) + 1;
}

function landscape(engine: Engine, bottom: Seat): { rows: number; cols: number; pits: PitCell[]; stores: StoreCell[] } {
  const top = (1 - bottom) as Seat;
  const pits: PitCell[] = [];
  const stores: StoreCell[] = [];
  const pit = (index: number, row: number, col: number, isTop = false): PitCell => ({
    kind: "pit",
    index,
    owner: pitOwner(engine, index),
    label: pitLabel(engine, index),
    top: isTop,
    row,
    col,
    rowSpan: 1,
    colSpan: 1,
  });
  if (engine.game === "togyz" || engine.game === "ayo") {
    const n = engine.pits / 2;
    for (let i = 0; i < n; i++) {
      pits.push(pit(bottom * n + i, 1, 1 + i));
      pits.push(pit(top * n + i, 0, n - i));
    }
    stores.push({ kind: "store", seat: top, row: 0, col: 0, rowSpan: 2, colSpan: 1 });
    stores.push({ kind: "store", seat: bottom, row: 0, col: n + 1, rowSpan: 2, colSpan: 1 });
    return { rows: 2, cols: n + 2, pits, stores };
  }
  const ring = engine.pits / 2;
  const n = ring / 2;
  const off = hasStores(engine.game) ? 1 : 0;
  const own = bottom * ring;
  const opp = top * ring;
  for (let h = 0; h < n; h++) {
    pits.push(pit(own + h, 3, off + h));
    pits.push(pit(own + n + h, 2, off + n - 1 - h, true));
    pits.push(pit(opp + h, 0, off + n - 1 - h));
    pits.push(pit(opp + n + h, 1, off + h, true));
  }
  if (off === 1) {
    stores.push({ kind: "store", seat: top, row: 0, col: 0, rowSpan: 2, colSpan: 1 });
    stores.push({ kind: "store", seat: bottom, row: 2, col: n + 1, rowSpan: 2, colSpan: 1 });
  }
  return { rows: 4, cols: n + 2 * off, pits, stores };
}

/** Turns a cell a quarter clockwise on a grid of `rows` rows. */
function turn<T extends { row: number; col: number; rowSpan: number; colSpan: number }>(c: T, rows: number): T {
  return { ...c, row: c.col, col: rows - c.row - c.rowSpan, rowSpan: c.colSpan, colSpan: c.rowSpan };
}

/** An upright phone with a board narrow enough not to turn: the stores move above and below the rows. */
function storesAboveBelow(
  l: { rows: number; cols: number; pits: PitCell[]; stores: StoreCell[] },
  bottom: Seat,
): Layout {
  const cols = l.cols - 2;
  return {
    rows: l.rows + 2,
    cols,
    pits: l.pits.map((c) => ({ ...c, row: c.row + 1, col: c.col - 1 })),
    stores: l.stores.map((s) => ({ ...s, row: s.seat === bottom ? l.rows + 1 : 0, col: 0, rowSpan: 1, colSpan: cols })),
    turned: false,
  };
}

/**
 * Togyz lying flat with its two kazans between the rows, as on the wooden board: each kazan a long
 * tray along its owner's row (the top player's under the top row, the viewer's over the bottom row).
 * Nine columns instead of eleven: on a wide screen the pits are larger and the board takes the
 * height a board with a kazan at each end leaves empty.
 */
function kazansBetween(l: { rows: number; cols: number; pits: PitCell[]; stores: StoreCell[] }, bottom: Seat): Layout {
  const cols = l.cols - 2;
  return {
    rows: 4,
    cols,
    pits: l.pits.map((c) => ({ ...c, row: c.row === 0 ? 0 : 3, col: c.col - 1 })),
    stores: l.stores.map((s) => ({ ...s, row: s.seat === bottom ? 2 : 1, col: 0, rowSpan: 1, colSpan: cols })),
    turned: false,
  };
}

/**
 * The flat board that gives the largest pits in `space`: for Togyz the kazans at the ends or
 * between the rows (a wide screen), for the other games their one flat layout.
 */
export function flatLayout(
  engine: Engine,
  bottom: Seat,
  space: { readonly width: number; readonly height: number },
  hole: HoleSize,
): Layout {
  const ends = makeLayout(engine, bottom, false);
  if (engine.game !== "togyz") return ends;
  const between = kazansBetween(landscape(engine, bottom), bottom);
  const pitOf = (l: Layout): number => fitBoard(l, engine.game, space, hole, false).pit;
  return pitOf(between) > pitOf(ends) ? between : ends;
}

/** The phone width at which an upright board's two ways are compared (makeLayout). */
const PHONE_WIDTH = 360;

/** The widest cell a layout allows across `width` (the height being no limit). */
function widthCell(layout: Layout, game: GameId, width: number): number {
  const pad = Math.round(Math.max(6, Math.min(14, width * 0.02)));
  const sumC = Array.from({ length: layout.cols }, (_, c) =>
    layout.pits.some((p) => p.col === c) ? 1 : STORE_COL,
  ).reduce((a, b) => a + b, 0);
  return Math.max(1, width - 2 * pad - besideWidth(layout, game) * pitColumns(layout)) / sumC;
}

function pitColumns(layout: Layout): number {
  return layout.turned ? new Set(layout.pits.map((p) => p.col)).size : 0;
}

function besideWidth(layout: Layout, game: GameId): number {
  return layout.turned ? (game === "togyz" || game === "ayo" ? BESIDE_NUMBERED_PX : BESIDE_PX) : 0;
}

/**
 * The board's cells. On an upright screen the board stands upright (turned a quarter, its long side
 * along the screen's, the pits taking the height) when that gives a phone's width larger pits than
 * lying flat with the stores above and below: Togyz, Ayo, Tsoro from 7 holes a row; the height is
 * no limit either way (the page scrolls).
 */
export function makeLayout(engine: Engine, bottom: Seat, upright: boolean): Layout {
  const l = landscape(engine, bottom);
  if (!upright) return { ...l, turned: false };
  const flat: Layout = l.stores.length > 0 ? storesAboveBelow(l, bottom) : { ...l, turned: false };
  const turned: Layout = {
    rows: l.cols,
    cols: l.rows,
    pits: l.pits.map((c) => turn(c, l.rows)),
    stores: l.stores.map((c) => turn(c, l.rows)),
    turned: true,
  };
  const game = engine.game;
  return widthCell(turned, game, PHONE_WIDTH) > widthCell(flat, game, PHONE_WIDTH) ? turned : flat;
}

/**
 * Where a pit's count goes: on a turned board beside it, towards its owner's edge (the viewer's
 * columns on the left, the opponent's on the right); on a flat one on a corner, below for the
 * bottom row and above for the others.
 */
export function countAt(layout: Layout, c: PitCell): CountAt {
  if (layout.turned) return c.col < layout.cols / 2 ? "left" : "right";
  let hi = -Infinity;
  for (const p of layout.pits) hi = Math.max(hi, p.row);
  return c.row === hi ? "below" : "above";
}

/** The smallest pit a finger can take on each game's board, in CSS pixels. */
export const MIN_PIT_PX: { readonly [G in GameId]: number } = {
  togyz: 48,
  ayo: 44,
  "tsoro-classic": 40,
  "tsoro-wta": 40,
};
/** A pit fills this share of its (narrower) cell side. */
const PIT_FILL = 0.92;
/** A column holding only stores (a flat board's ends) is this share of a pit column. */
const STORE_COL = 0.9;
/** A row holding only stores (an upright board's ends) is this share of a pit row. */
const STORE_ROW = 0.7;
/** Width a pit's count takes beside it on a turned board, and a count with the pit's number. */
const BESIDE_PX = 28;
const BESIDE_NUMBERED_PX = 64;
/** No cell grows past this, however large the screen. */
const MAX_CELL_PX = 200;
/** Where each hole size sits between the smallest pit allowed and the largest that fits. */
const HOLE_SCALE: { readonly [H in HoleSize]: number } = { small: 0.3, medium: 0.7, large: 1 };
/** The same on a board lying flat on a wide screen, where the height is no one else's loss. */
const FLAT_HOLE_SCALE: { readonly [H in HoleSize]: number } = { small: 0.3, medium: 0.88, large: 1 };
/**
 * A flat board on a wide screen keeps a strip on each pit row's outer side for the pit's count and
 * number (above the top rows, below the bottom row), so neither covers a pit: this share of a cell,
 * and never under the least a badge needs.
 */
const ROOM_SHARE = 0.3;
const ROOM_LEAST_PX = 24;
/**
 * The height an upright phone keeps under the board for the move list's strip (BoardLayout's CSS:
 * the panel's least height and the gap).
 */
const UPRIGHT_STRIP_PX = 66;

export interface BoardSize {
  /** Widths of the grid's columns and heights of its rows, in pixels. */
  readonly cols: readonly number[];
  readonly rows: readonly number[];
  /** Diameter of a pit. */
  readonly pit: number;
  /** Padding around the grid inside the board. */
  readonly pad: number;
  /** Turned boards: the width kept on a pit's outer side for its count and number. */
  readonly beside: number;
  /** Flat boards on a wide screen: the height kept on a pit's outer side for its count and number. */
  readonly room: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Sizes a board to the space it has. Pits stay square; on an upright phone (`stretch`) columns
 * widen to use the full width, with each pit's count beside it. The hole size moves the pit
 * between the game's smallest pit and the largest that fits (if even the smallest does not fit,
 * the largest that fits is used).
 */
export function fitBoard(
  layout: Layout,
  game: GameId,
  space: { readonly width: number; readonly height: number },
  hole: HoleSize,
  stretch: boolean,
): BoardSize {
  return sizeBoard(layout, game, space, (stretch ? HOLE_SCALE : FLAT_HOLE_SCALE)[hole], stretch);
}

/**
 * An upright phone's board with a side panel under it, sized from the width and the height the
 * board and panel share (`room`); there the board's height is the move list's loss, so the hole
 * size says how to share it: Small the game's smallest pits (the most room for the moves), Medium
 * the largest pits that leave the move list its strip on screen, Large the largest the whole
 * height allows (the move list goes below; the page scrolls to it). The board's own box then takes
 * the height returned, so nothing feeds back. (A Togyz board on a phone needs nearly all the room
 * for its smallest pits: there Small and Medium differ by a few pixels, Large by more; a board the
 * width bounds, like Tsoro's four columns, is as large at Medium as at Large.)
 */
export function fitUpright(layout: Layout, game: GameId, width: number, room: number, hole: HoleSize): BoardSize {
  // Never under the height the game's smallest pits need (the page scrolls instead).
  const need = boardHeights(layout, game, width, true).need;
  const height = Math.max(need, hole === "medium" ? room - UPRIGHT_STRIP_PX : room);
  return sizeBoard(layout, game, { width, height }, hole === "small" ? 0 : 1, true);
}

function sizeBoard(
  layout: Layout,
  game: GameId,
  space: { readonly width: number; readonly height: number },
  scale: number,
  stretch: boolean,
): BoardSize {
  const pad = Math.round(Math.max(6, Math.min(14, Math.min(space.width, space.height) * 0.02)));
  const colWeight = Array.from({ length: layout.cols }, (_, c) =>
    layout.pits.some((p) => p.col === c) ? 1 : STORE_COL,
  );
  const rowWeight = Array.from({ length: layout.rows }, (_, r) =>
    layout.pits.some((p) => p.row === r) ? 1 : STORE_ROW,
  );
  const sumC = colWeight.reduce((a, b) => a + b, 0);
  const sumR = rowWeight.reduce((a, b) => a + b, 0);
  // Flat on a wide screen: every pit row keeps its strip for the counts (ROOM_SHARE of a cell, at least ROOM_LEAST_PX).
  const pitRows = stretch ? 0 : rowWeight.filter((w) => w === 1).length;
  const roomOf = (cell: number): number => (pitRows === 0 ? 0 : Math.max(ROOM_LEAST_PX, cell * ROOM_SHARE));
  const inner = Math.max(1, space.height - 2 * pad);
  const shareH = inner / (sumR + pitRows * ROOM_SHARE);
  const unitH =
    pitRows === 0 || shareH * ROOM_SHARE >= ROOM_LEAST_PX
      ? shareH
      : Math.max(1, inner - pitRows * ROOM_LEAST_PX) / sumR;
  const unitW = Math.max(1, space.width - 2 * pad) / sumC;
  // On a turned board each pit's count (and number) sits beside it: the pits leave them that width.
  const beside = besideWidth(layout, game);
  const fitW = Math.max(1, space.width - 2 * pad - pitColumns(layout) * beside) / sumC;
  const most = Math.min(fitW, unitH, MAX_CELL_PX);
  const least = MIN_PIT_PX[game] / PIT_FILL;
  const cell = most <= least ? most : least + (most - least) * scale;
  const cw = stretch ? Math.max(cell, unitW) : cell;
  const room = Math.floor(roomOf(cell));
  const cols = colWeight.map((w) => Math.floor(w * cw * 10) / 10);
  const rows = rowWeight.map((w) => Math.floor(w * cell * 10) / 10 + (w === 1 ? room : 0));
  return {
    cols,
    rows,
    pad,
    beside,
    room,
    pit: Math.floor(cell * PIT_FILL),
    width: cols.reduce((a, b) => a + b, 0) + 2 * pad,
    height: rows.reduce((a, b) => a + b, 0) + 2 * pad,
  };
}

/**
 * How tall a board of this width would like to be (its largest pits) and the least height it needs
 * for the game's smallest pit (or the widest pit the width allows, if that is smaller). Both depend
 * on the width only, so a box that takes its height from them never feeds back into the board's width.
 */
export function boardHeights(
  layout: Layout,
  game: GameId,
  width: number,
  stretch: boolean,
): { readonly want: number; readonly need: number } {
  const tall = 100_000;
  const want = fitBoard(layout, game, { width, height: tall }, "large", stretch);
  const pad = want.pad;
  const sumC = Array.from({ length: layout.cols }, (_, c) =>
    layout.pits.some((p) => p.col === c) ? 1 : STORE_COL,
  ).reduce((a, b) => a + b, 0);
  const sumR = Array.from({ length: layout.rows }, (_, r) =>
    layout.pits.some((p) => p.row === r) ? 1 : STORE_ROW,
  ).reduce((a, b) => a + b, 0);
  const least = Math.min(MIN_PIT_PX[game] / PIT_FILL, Math.max(1, width - 2 * pad) / sumC);
  const pitRows = stretch ? 0 : new Set(layout.pits.map((p) => p.row)).size;
  const room = pitRows * Math.max(ROOM_LEAST_PX, least * ROOM_SHARE);
  return { want: Math.ceil(want.height), need: Math.ceil(sumR * least + room + 2 * pad) };
}
