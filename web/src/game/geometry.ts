/**
 * Where every pit and store sits on screen, for each game's board, seen from one seat.
 *
 * Layouts are computed on a "landscape" grid first (the viewer's side along the bottom, their store
 * on the right, sowing running counter-clockwise), then, on a phone held upright, wide boards are
 * turned a quarter clockwise: the viewer's row ends up on the left and their store at the bottom.
 */
import type { Engine } from "../../../core/games/index.js";
import type { GameId, Seat } from "../../../core/types.js";

export interface PitCell {
  readonly kind: "pit";
  /** RULES.md board index. */
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

/** A landscape board wider than this many columns is turned on an upright phone. */
export const MAX_UPRIGHT_COLS = 8;

export function hasStores(game: GameId): boolean {
  return game !== "tsoro-wta";
}

export function pitOwner(engine: Engine, index: number): Seat {
  return index < engine.pits / 2 ? 0 : 1;
}

export function pitLabel(engine: Engine, index: number): number {
  if (engine.game === "ayo") return index + 1;
  const half = engine.pits / 2;
  return (index % half) + 1;
}

function landscape(engine: Engine, bottom: Seat): { rows: number; cols: number; pits: PitCell[]; stores: StoreCell[] } {
  const top = (1 - bottom) as Seat;
  const pits: PitCell[] = [];
  const stores: StoreCell[] = [];
  const pit = (index: number, row: number, col: number, isTop = false): PitCell => ({
    kind: "pit", index, owner: pitOwner(engine, index), label: pitLabel(engine, index), top: isTop,
    row, col, rowSpan: 1, colSpan: 1,
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
function storesAboveBelow(l: { rows: number; cols: number; pits: PitCell[]; stores: StoreCell[] }, bottom: Seat): Layout {
  const cols = l.cols - 2;
  return {
    rows: l.rows + 2,
    cols,
    pits: l.pits.map((c) => ({ ...c, row: c.row + 1, col: c.col - 1 })),
    stores: l.stores.map((s) => ({ ...s, row: s.seat === bottom ? l.rows + 1 : 0, col: 0, rowSpan: 1, colSpan: cols })),
    turned: false,
  };
}

export function makeLayout(engine: Engine, bottom: Seat, upright: boolean): Layout {
  const l = landscape(engine, bottom);
  if (!upright) return { ...l, turned: false };
  if (l.cols <= MAX_UPRIGHT_COLS) return l.stores.length === 0 ? { ...l, turned: false } : storesAboveBelow(l, bottom);
  return {
    rows: l.cols,
    cols: l.rows,
    pits: l.pits.map((c) => turn(c, l.rows)),
    stores: l.stores.map((c) => turn(c, l.rows)),
    turned: true,
  };
}
