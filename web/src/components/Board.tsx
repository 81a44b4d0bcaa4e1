/**
 * The board for every game's geometry: pits with their seeds and counts, stores, the glowing legal
 * pits, the press-and-slide preview of the last seed, the sowing hand, captures flying to the store,
 * tuzdyk stars and the last-move dot. Purely a view: it reads its props and reports picks.
 */
import { createEffect, createMemo, createSignal, For, Index, onCleanup, onMount, Show, type JSX } from "solid-js";
import { tuzdykIndex, type Engine, type BoardView } from "../../../core/games/index.js";
import type { Seat } from "../../../core/types.js";
import type { FlightTarget } from "../present/animate.js";
import {
  boardHeights,
  fitUpright,
  countAt,
  fitBoard,
  flatLayout,
  hasStores,
  makeLayout,
  type BoardSize,
  type Layout,
  type PitCell,
  type StoreCell,
} from "../present/geometry.js";
import { landsSpeech, pitSpeech, storeSpeech, tuzdykSpeech } from "../present/speech.js";
import { t as tr } from "../i18n/i18n.js";
import { FAMILY_NAMES, familyOf } from "../content/games.js";
import type { Counters, Hand, HoleSize } from "../state/createSettings.js";

interface BoardFlight {
  readonly id: number;
  readonly from: number;
  readonly to: FlightTarget;
  readonly count: number;
}

export interface BoardProps {
  readonly engine: Engine;
  readonly bottom: Seat;
  readonly display: BoardView;
  readonly legal: readonly number[];
  readonly lastFrom: number | null;
  readonly preview: { readonly from: number; readonly to: number | null } | null;
  readonly hint: number | null;
  readonly hand: { readonly pit: number; readonly count: number } | null;
  readonly flights: readonly BoardFlight[];
  readonly glow: Seat | null;
  /** Names of engine seats 0 and 1, for labels. */
  readonly names: readonly [string, string];
  /** Names of engine seats 0 and 1 as the score line shows them, written on each store; `names` when left out. */
  readonly owners?: readonly [string, string];
  readonly counters: Counters;
  readonly holeSize: HoleSize;
  readonly handStyle: Hand;
  /** A lesson marks the pit to try (a ring and an arrow that stand still), read out with `targetLabel`. */
  readonly target?: number | null;
  readonly targetLabel?: string;
  /** Show the numbers of the bottom player's holes on a Tsoro board too (a lesson names them). */
  readonly numbered?: boolean;
  readonly onPick: (pit: number) => void;
  /** A pit that cannot be sown was pressed (a lesson explains instead). */
  readonly onOther?: (pit: number) => void;
  readonly onPreview: (pit: number | null) => void;
}

/** Seeds drawn in one pit; larger heaps show this many and rely on the count. */
export const MAX_DRAWN = 18;
/** Stones drawn in a store: a Togyz kazan's winning heap (82) and a few more; the count says the rest. */
const MAX_DRAWN_STORE = 90;

/** Golden-angle spiral of seed positions (percent of the pit), built once. */
const SEED_SPOTS: readonly (readonly [number, number])[] = Array.from({ length: MAX_DRAWN }, (_, i) => {
  const r = i === 0 ? 0 : 13 * Math.sqrt(i + 0.3);
  const a = i * 2.39996;
  return [50 + r * Math.cos(a), 50 + r * Math.sin(a)] as const;
});

/** Scattered positions in a store tray (percent), from a fixed pseudo-random sequence. */
const STORE_SPOTS: readonly (readonly [number, number])[] = Array.from({ length: MAX_DRAWN_STORE }, (_, i) => {
  const x = (Math.sin(i * 12.9898) * 43758.5453) % 1;
  const y = (Math.sin(i * 78.233) * 12345.6789) % 1;
  return [18 + Math.abs(x) * 64, 10 + Math.abs(y) * 80] as const;
});

function useUpright(): () => boolean {
  const mq =
    typeof window !== "undefined" && typeof window.matchMedia === "function"
      ? window.matchMedia("(max-aspect-ratio: 5/6)")
      : null;
  const [upright, setUpright] = createSignal(mq?.matches ?? false);
  if (mq !== null) {
    const on = (e: MediaQueryListEvent): void => void setUpright(e.matches);
    mq.addEventListener("change", on);
    onCleanup(() => mq.removeEventListener("change", on));
  }
  return upright;
}

/** The space the board may fill: its wrapper's box, followed as the screen or a side panel changes it. */
function useSpace(wrap: () => HTMLElement | undefined): () => { width: number; height: number } {
  const fallback = (): { width: number; height: number } => ({
    width: typeof window === "undefined" ? 1000 : Math.max(200, window.innerWidth - 28),
    height: typeof window === "undefined" ? 600 : Math.max(200, window.innerHeight - 250),
  });
  const [space, setSpace] = createSignal(fallback());
  const measure = (): void => {
    const el = wrap();
    const r = el?.getBoundingClientRect();
    setSpace(r !== undefined && r.width > 40 && r.height > 40 ? { width: r.width, height: r.height } : fallback());
  };
  onMount(() => {
    measure();
    const el = wrap();
    if (typeof ResizeObserver === "function" && el !== undefined) {
      const ro = new ResizeObserver(() => measure());
      ro.observe(el);
      onCleanup(() => ro.disconnect());
    } else if (typeof window !== "undefined") {
      window.addEventListener("resize", measure);
      onCleanup(() => window.removeEventListener("resize", measure));
    }
  });
  return space;
}

/**
 * The height the board and its side panel share on an upright phone (BoardLayout.tsx): the window's
 * height less what stands above the layout and after it on the screen (the score line, the
 * controls), so the board's own height (which may push the panel below, where the page scrolls)
 * never changes it. Null when the board has no side panel or the screen is not upright.
 */
function roomOf(layout: HTMLElement): number {
  let below = 0;
  for (let el: HTMLElement | null = layout; el !== null && el !== document.body; el = el.parentElement) {
    const parent = el.parentElement;
    if (parent === null) break;
    const ps = getComputedStyle(parent);
    const gap = ps.display.includes("flex") || ps.display.includes("grid") ? parseFloat(ps.rowGap) || 0 : 0;
    for (let n = el.nextElementSibling; n !== null; n = n.nextElementSibling) {
      const h = n.getBoundingClientRect().height;
      if (h > 1 && getComputedStyle(n).position !== "absolute") below += h + gap;
    }
    below += parseFloat(ps.paddingBottom) || 0;
    if (parent.classList.contains("game-screen")) break;
  }
  const top = layout.getBoundingClientRect().top + window.scrollY;
  return Math.max(0, Math.floor(window.innerHeight - top - below));
}

function useRoom(layoutEl: () => HTMLElement | null, upright: () => boolean): () => number | null {
  const [room, setRoom] = createSignal<number | null>(null);
  const measure = (): void => {
    const el = layoutEl();
    if (!upright() || el === null || el.querySelector(":scope > .board-side") === null) {
      setRoom(null);
      return;
    }
    const r = roomOf(el);
    setRoom((old) => (old !== null && Math.abs(old - r) <= 1 ? old : r));
  };
  onMount(() => {
    measure();
    const el = layoutEl();
    window.addEventListener("resize", measure);
    onCleanup(() => window.removeEventListener("resize", measure));
    if (typeof ResizeObserver === "function" && el !== null) {
      // The page around the board (a banner, the score line wrapping) changes the room too.
      const ro = new ResizeObserver(() => measure());
      ro.observe(el);
      for (const sib of el.parentElement?.children ?? []) if (sib !== el) ro.observe(sib);
      onCleanup(() => ro.disconnect());
    }
  });
  createEffect(() => {
    void upright();
    measure();
  });
  return room;
}

/**
 * Pits in reading order, side by side: the top player's pits by number, then the bottom
 * player's, so a screen reader reads each side through instead of alternating between them.
 */
function readingOrder(pits: readonly PitCell[], bottom: Seat): PitCell[] {
  return [...pits].sort((a, b) => (a.owner === b.owner ? a.label - b.label : a.owner === bottom ? 1 : -1));
}

export function Board(props: BoardProps): JSX.Element {
  const upright = useUpright();
  let wrapEl: HTMLDivElement | undefined;
  const space = useSpace(() => wrapEl);
  // Upright the board's shape follows the phone; flat it takes the one with the largest pits in its box.
  const layout = createMemo<Layout>(() =>
    upright()
      ? makeLayout(props.engine, props.bottom, true)
      : flatLayout(props.engine, props.bottom, space(), props.holeSize),
  );
  const room = useRoom(() => wrapEl?.closest<HTMLElement>(".board-layout") ?? null, upright);
  const size = createMemo<BoardSize>(() => {
    const r = room();
    return r !== null
      ? fitUpright(layout(), props.engine.game, space().width, r, props.holeSize)
      : fitBoard(layout(), props.engine.game, space(), props.holeSize, upright());
  });
  const pits = createMemo(() => readingOrder(layout().pits, props.bottom));
  // Tell the layout around the board (BoardLayout) the height this width wants and the least it needs.
  createEffect(() => {
    const area = wrapEl?.closest<HTMLElement>(".board-layout") ?? wrapEl?.parentElement;
    if (area === null || area === undefined) return;
    const h = boardHeights(layout(), props.engine.game, space().width, upright());
    area.style.setProperty("--board-want", `${h.want}px`);
    area.style.setProperty("--board-need", `${h.need}px`);
    // Upright with a side panel: the board's box is the board the hole size chose (fitUpright).
    if (room() !== null) area.style.setProperty("--board-h", `${Math.ceil(size().height)}px`);
    else area.style.removeProperty("--board-h");
    onCleanup(() => {
      area.style.removeProperty("--board-want");
      area.style.removeProperty("--board-need");
      area.style.removeProperty("--board-h");
    });
  });
  const stores = createMemo(() =>
    [...layout().stores].sort((a, b) => (a.seat === props.bottom ? 1 : 0) - (b.seat === props.bottom ? 1 : 0)),
  );
  const legalSet = createMemo(() => new Set(props.legal));
  const pitEls = new Map<number, HTMLElement>();
  const storeEls = new Map<Seat, HTMLElement>();
  let boardEl: HTMLDivElement | undefined;
  let pressing = false;

  const pitAt = (x: number, y: number): number | null => {
    const el = typeof document.elementFromPoint === "function" ? document.elementFromPoint(x, y) : null;
    const p = el?.closest<HTMLElement>("[data-pit]");
    return p ? Number(p.dataset.pit) : null;
  };
  const pitOf = (t: EventTarget | null): number | null => {
    const p = (t as HTMLElement | null)?.closest?.<HTMLElement>("[data-pit]");
    return p ? Number(p.dataset.pit) : null;
  };

  const onPointerDown = (e: PointerEvent): void => {
    const pit = pitOf(e.target);
    if (pit !== null && !legalSet().has(pit)) props.onOther?.(pit);
    if (pit === null || !legalSet().has(pit)) return;
    pressing = true;
    props.onPreview(pit);
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent): void => {
    if (pressing) {
      const pit = pitAt(e.clientX, e.clientY);
      if (pit !== null && legalSet().has(pit)) props.onPreview(pit);
    } else if (e.pointerType === "mouse") {
      const pit = pitOf(e.target);
      props.onPreview(pit !== null && legalSet().has(pit) ? pit : null);
    }
  };
  const onPointerUp = (e: PointerEvent): void => {
    if (!pressing) return;
    pressing = false;
    // Lifted over a legal pit: sow it. Lifted on the board between pits: sow the pit still lit.
    // Lifted off the board, or over a pit that cannot be sown: nothing happens.
    const hit =
      typeof document.elementFromPoint === "function" ? document.elementFromPoint(e.clientX, e.clientY) : null;
    const onBoard = hit === null ? true : (boardEl?.contains(hit) ?? false);
    const under = hit === null ? pitOf(e.target) : pitAt(e.clientX, e.clientY);
    const pit = under !== null ? under : onBoard ? (props.preview?.from ?? null) : null;
    if (pit !== null && legalSet().has(pit)) props.onPick(pit);
    else props.onPreview(null);
  };
  const onPointerCancel = (): void => {
    pressing = false;
    props.onPreview(null);
  };

  onMount(() => {
    const up = (e: PointerEvent): void => {
      if (pressing && boardEl !== undefined && !boardEl.contains(e.target as Node)) onPointerCancel();
    };
    window.addEventListener("pointerup", up);
    onCleanup(() => window.removeEventListener("pointerup", up));
  });

  /** Centre of a pit or store, in pixels from the board's top-left corner. */
  const centre = (to: FlightTarget | number): { x: number; y: number } => {
    const el = typeof to === "number" ? pitEls.get(to) : "store" in to ? storeEls.get(to.store) : pitEls.get(to.pit);
    if (el === undefined || boardEl === undefined) return { x: 0, y: 0 };
    const b = boardEl.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return { x: r.left - b.left + r.width / 2, y: r.top - b.top + r.height / 2 };
  };

  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight" && e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
    const pit = pitOf(e.target);
    if (pit === null) return;
    const order = [...props.legal].sort((a, b) => a - b);
    if (order.length === 0) return;
    const i = order.indexOf(pit);
    const step = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : -1;
    const next = order[(i + step + order.length) % order.length];
    pitEls.get(next)?.focus();
    e.preventDefault();
  };

  const tuzdykOwner = (pit: number): Seat | null =>
    tuzdykIndex(0, props.display.tuzdyk[0]) === pit ? 0 : tuzdykIndex(1, props.display.tuzdyk[1]) === pit ? 1 : null;

  const pitLabel = (c: PitCell): string => {
    const game = props.engine.game;
    const t = tuzdykOwner(c.index);
    const extra: string[] = [];
    if (t !== null) extra.push(tuzdykSpeech(props.names[t]));
    if (props.target === c.index && props.targetLabel !== undefined) extra.push(props.targetLabel);
    if (legalSet().has(c.index)) extra.push(tr("speech.canSow"));
    if (props.lastFrom === c.index) extra.push(tr("speech.lastMove"));
    const to = props.preview?.from === c.index ? props.preview.to : null;
    if (to !== null) {
      const at = layout().pits.find((p) => p.index === to);
      if (at !== undefined) extra.push(landsSpeech(game, props.names[at.owner], at.label));
    }
    return pitSpeech(game, props.names[c.owner], c.label, c.top, props.display.board[c.index], extra);
  };

  const storeView = (s: StoreCell): JSX.Element => (
    <div
      ref={(el) => storeEls.set(s.seat, el)}
      class="store"
      classList={{ mine: s.seat === props.bottom, glow: props.glow === s.seat, long: s.colSpan > s.rowSpan }}
      style={cellStyle(s)}
      data-store={s.seat}
      role="img"
      aria-label={storeSpeech(props.engine.game, props.names[s.seat], props.display.stores[s.seat])}
    >
      <div class="tray">
        <Index each={Array.from({ length: Math.min(props.display.stores[s.seat], MAX_DRAWN_STORE) })}>
          {(_, i) => (
            <i
              class="seed"
              style={{ left: `${STORE_SPOTS[i][0]}%`, top: `${STORE_SPOTS[i][1]}%`, "--k": String(i % 7) }}
            />
          )}
        </Index>
      </div>
      <span class="count store-count" aria-hidden="true">
        {props.display.stores[s.seat]}
      </span>
      {/* Whose kazan (store) it is, by the name the score line shows. */}
      <span class="store-owner" aria-hidden="true">
        {(props.owners ?? props.names)[s.seat]}
      </span>
    </div>
  );

  const cellStyle = (c: { row: number; col: number; rowSpan: number; colSpan: number }): JSX.CSSProperties => ({
    "grid-row": `${c.row + 1} / span ${c.rowSpan}`,
    "grid-column": `${c.col + 1} / span ${c.colSpan}`,
  });

  const handPos = createMemo(() => {
    const h = props.hand;
    if (h === null) return null;
    // Track layout so the hand follows a turned board.
    layout();
    return { ...centre(h.pit), count: h.count };
  });

  return (
    <div
      ref={wrapEl}
      class={`board-wrap counters-${props.counters}`}
      classList={{ turned: layout().turned, upright: upright(), roomy: size().room > 0 }}
      style={{
        "--pit": `${size().pit}px`,
        "--cell": `${(size().pit / 0.84).toFixed(1)}px`,
        "--pad": `${size().pad}px`,
        "--beside": `${size().beside}px`,
        "--room": `${size().room}px`,
      }}
      data-hole={props.holeSize}
    >
      <div
        ref={boardEl}
        class={`board game-${props.engine.game}`}
        style={{
          "grid-template-columns": size()
            .cols.map((c) => `${c}px`)
            .join(" "),
          "grid-template-rows": size()
            .rows.map((r) => `${r}px`)
            .join(" "),
        }}
        role="group"
        aria-label={tr("game.board", { game: FAMILY_NAMES[familyOf(props.engine.game)] })}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onPointerLeave={(e) => {
          if (!pressing && e.pointerType === "mouse") props.onPreview(null);
        }}
        onKeyDown={onKeyDown}
      >
        <For each={stores().filter((st) => st.seat !== props.bottom)}>{(s: StoreCell) => storeView(s)}</For>
        <For each={pits()}>
          {(c: PitCell) => {
            const count = (): number => props.display.board[c.index];
            const legal = (): boolean => legalSet().has(c.index);
            return (
              <div class={`cell at-${countAt(layout(), c)}`} style={cellStyle(c)}>
                <button
                  ref={(el) => pitEls.set(c.index, el)}
                  type="button"
                  class="pit"
                  classList={{
                    legal: legal(),
                    mine: c.owner === props.bottom,
                    top: c.top,
                    last: props.lastFrom === c.index,
                    pressed: props.preview?.from === c.index,
                    landing: props.preview?.to === c.index,
                    hint: props.hint === c.index,
                    target: props.target === c.index,
                    "at-hand": props.hand?.pit === c.index,
                    empty: count() === 0,
                  }}
                  data-pit={c.index}
                  data-count={count()}
                  data-legal={legal() ? "true" : undefined}
                  aria-disabled={legal() ? "false" : "true"}
                  tabIndex={legal() ? 0 : -1}
                  aria-label={pitLabel(c)}
                  onClick={(e) => {
                    if (e.detail === 0 && legal()) props.onPick(c.index);
                  }}
                  onFocus={() => legal() && props.onPreview(c.index)}
                  onBlur={() => props.onPreview(null)}
                >
                  <span class="seeds" aria-hidden="true">
                    <Index each={Array.from({ length: Math.min(count(), MAX_DRAWN) })}>
                      {(_, i) => (
                        <i
                          class="seed"
                          style={{
                            left: `${SEED_SPOTS[i][0]}%`,
                            top: `${SEED_SPOTS[i][1]}%`,
                            "--k": String((i + c.index) % 7),
                          }}
                        />
                      )}
                    </Index>
                  </span>
                  <Show when={tuzdykOwner(c.index) !== null}>
                    <span class="star" classList={{ mine: tuzdykOwner(c.index) === props.bottom }} aria-hidden="true">
                      ★
                    </span>
                  </Show>
                  <Show when={props.lastFrom === c.index}>
                    <span class="last-dot" aria-hidden="true" />
                  </Show>
                  <Show when={props.target === c.index}>
                    <span class="target-mark" aria-hidden="true" />
                  </Show>
                </button>
                <span class="count" aria-hidden="true">
                  {count()}
                </span>
                <Show
                  when={
                    (props.engine.game !== "tsoro-classic" && props.engine.game !== "tsoro-wta") ||
                    (props.numbered === true && c.owner === props.bottom)
                  }
                >
                  <span class="pit-no" aria-hidden="true">
                    {c.label}
                  </span>
                </Show>
              </div>
            );
          }}
        </For>
        <For each={stores().filter((st) => st.seat === props.bottom)}>{(s: StoreCell) => storeView(s)}</For>
        <Show when={handPos()}>
          {(h) => (
            <div
              class={`hand hand-${props.handStyle}`}
              style={{ transform: `translate(${h().x}px, ${h().y}px)` }}
              aria-hidden="true"
              data-in-hand={h().count}
            >
              <Show when={props.handStyle !== "off"}>
                <svg viewBox="0 0 48 48" class="hand-svg">
                  <path d="M14 40c-4-4-7-10-7-15 0-3 2-4 4-3l4 4V9c0-2 1-3 3-3s3 1 3 3v11-14c0-2 1-3 3-3s3 1 3 3v14-12c0-2 1-3 3-3s3 1 3 3v13-9c0-2 1-3 3-3s3 1 3 3v16c0 9-5 16-14 16-5 0-8-2-10-4z" />
                </svg>
              </Show>
              <span class="in-hand">{h().count}</span>
            </div>
          )}
        </Show>
        <For each={props.flights}>{(f) => <FlightView from={centre(f.from)} to={centre(f.to)} count={f.count} />}</For>
      </div>
      <Show when={!hasStores(props.engine.game)}>
        <span class="sr-only">{tr("board.noStores")}</span>
      </Show>
    </div>
  );
}

function FlightView(props: {
  from: { x: number; y: number };
  to: { x: number; y: number };
  count: number;
}): JSX.Element {
  const [there, setThere] = createSignal(false);
  onMount(() => {
    const raf =
      typeof requestAnimationFrame === "function" ? requestAnimationFrame : (f: () => void) => setTimeout(f, 16);
    raf(() => raf(() => setThere(true)));
  });
  const at = (): { x: number; y: number } => (there() ? props.to : props.from);
  return (
    <div
      class="flight"
      classList={{ there: there() }}
      style={{ transform: `translate(${at().x}px, ${at().y}px)` }}
      aria-hidden="true"
    >
      +{props.count}
    </div>
  );
}
