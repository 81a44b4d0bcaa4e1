/**
 * Ranked: choose the game (and the Tsoro board), seek an opponent near your rating, play on the
 * server's clocks, resign, and see the result with the rating change. Lessons and games against the
 * computer never change a rating; only these games do.
 */
import { createEffect, createMemo, createSignal, onCleanup, onMount, Show, type JSX } from "solid-js";
import { boardView, newGame } from "../../../core/games/index.js";
import { parseDisplayName } from "../../../core/names.js";
import { endSummary, ratingChangeText } from "../../../core/ranked/view.js";
import type { GameId, Seat } from "../../../core/types.js";
import { Board } from "../components/Board.js";
import { FamilyPicker, TsoroOptions } from "../components/GamePicker.js";
import { Dialog } from "../components/Dialog.js";
import { Icon } from "../components/Icon.js";
import { FAMILIES, GAME_NAMES, REASON_TEXT, type Family } from "../content/games.js";
import { previewLanding, seedsOnSide } from "../game/moves.js";
import { openRankedLink } from "../lib/online.js";
import { loadIdentity } from "../state/createIdentity.js";
import { useProfile } from "../state/createProfile.js";
import { createRanked, type RankedStore } from "../state/createRanked.js";
import { useRouter } from "../state/createRouter.js";
import { useSettings } from "../state/createSettings.js";
import { useServices } from "../state/services.js";
import { readJson, writeJson } from "../state/persist.js";
import "../online.css";
import { matchRecord } from "../lib/gameRecords.js";
import { BoardLayout } from "../components/BoardLayout.js";
import { MoveList, ReviewButtons } from "../components/MoveList.js";
import { makeMoveLine, type MoveLine } from "../game/moveList.js";
import { ExportButton } from "./Export.js";

export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const CHOICE_KEY = "ranked.choice.v1";

interface LobbyChoice {
  readonly family: Family;
  readonly mode: "tsoro-classic" | "tsoro-wta";
  readonly holes: number;
  readonly seeds: number;
}

/** The lobby's last choice as kept on the device; anything unreadable falls back to Togyz kumalak. */
function readChoice(raw: unknown): LobbyChoice {
  const o = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const int = (v: unknown, lo: number, hi: number, d: number): number =>
    typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi ? v : d;
  return {
    family: (FAMILIES as readonly unknown[]).includes(o.family) ? (o.family as Family) : "togyz",
    mode: o.mode === "tsoro-wta" ? "tsoro-wta" : "tsoro-classic",
    holes: int(o.holes, 4, 12, 8),
    seeds: int(o.seeds, 1, 10, 2),
  };
}

function ratingText(rating: number, provisional: boolean): string {
  return `${Math.round(rating)}${provisional ? "?" : ""}`;
}

export function RankedScreen(): JSX.Element {
  const [, router] = useRouter();
  const [settings] = useSettings();
  const [profile] = useProfile();
  const services = useServices();
  const store: RankedStore = createRanked({
    keys: loadIdentity(services.storage),
    name: () => profile.name,
    speed: () => settings.speed,
    cue: (c, n) => services.sound.play(c, n),
    connect: openRankedLink,
  });
  const [r, act, [view]] = store;
  onCleanup(() => act.dispose());

  // The lobby opens on the game last sought on this device (Togyz kumalak the first time).
  const last = readChoice(readJson(services.storage, CHOICE_KEY));
  const [family, setFamily] = createSignal<Family>(last.family);
  const [mode, setMode] = createSignal<"tsoro-classic" | "tsoro-wta">(last.mode);
  const [holes, setHoles] = createSignal(last.holes);
  const [seeds, setSeeds] = createSignal(last.seeds);
  const [resignOpen, setResignOpen] = createSignal(false);
  /** The result closed to study the final position (Escape, a tap outside, "See the board"). */
  const [seeBoard, setSeeBoard] = createSignal(false);
  /** A position from the move list shown read only: the number of moves played to reach it. */
  const [peek, setPeek] = createSignal<number | null>(null);
  const line = createMemo<MoveLine | null>(() => {
    const m = r.match;
    if (m === null) return null;
    const start = newGame(m.game, m.options);
    return start.ok ? makeMoveLine(start.value, m.moves) : null;
  });
  const peeked = createMemo(() => {
    const k = peek();
    const l = line();
    if (k === null || l === null || k >= l.states.length) return null;
    return { display: boardView(l.states[k]), lastFrom: l.lastFrom[k] };
  });
  // A new match opens on its live board with its result to come.
  createEffect(() => {
    void r.match?.id;
    setSeeBoard(false);
    setPeek(null);
  });
  onMount(() => {
    const key = (e: KeyboardEvent): void => {
      if (e.key === "Escape" && r.phase === "over") setSeeBoard(true);
    };
    window.addEventListener("keydown", key);
    onCleanup(() => window.removeEventListener("keydown", key));
  });
  const game = (): GameId => (family() === "tsoro" ? mode() : family() === "ayo" ? "ayo" : "togyz");
  const nameOk = (): boolean => parseDisplayName(profile.name).ok;
  const nameProblem = (): string => {
    const n = parseDisplayName(profile.name);
    return n.ok ? "" : n.error.message;
  };
  const seek = (): void => {
    const g = game();
    writeJson(services.storage, CHOICE_KEY, { family: family(), mode: mode(), holes: holes(), seeds: seeds() });
    act.seek(g, g.startsWith("tsoro") ? { holes: holes(), seeds: seeds() } : undefined);
  };
  const them = (): Seat => (r.seat === 0 ? 1 : 0);
  const [preview, setPreview] = createSignal<{ from: number; to: number | null } | null>(null);
  const showPreview = (pit: number | null): void => {
    const p = act.position();
    setPreview(
      pit === null || p === null || !act.legal().includes(pit) ? null : { from: pit, to: previewLanding(p, pit) },
    );
  };
  /** No preview while the pits do not take a move. */
  const shownPreview = (): { from: number; to: number | null } | null => (act.legal().length === 0 ? null : preview());
  const score = (seat: Seat): number =>
    r.match?.game === "tsoro-wta" ? seedsOnSide(view.display, seat) : view.display.stores[seat];
  const summary = () => (r.match === null ? null : endSummary(r.match, r.seat));
  const resultTitle = (): string => summary()?.title ?? "Game over";
  const change = (): { before: number; after: number } | null => {
    const c = r.changes;
    return c === null ? null : c[r.seat];
  };

  const who = (seat: Seat): string => (seat === r.seat ? "You" : (r.match?.seats[seat].name ?? ""));
  /** A seat's rating: the new one once the game's changes are in. */
  const seatRating = (seat: Seat): string => {
    if (r.match === null) return "";
    const c = r.changes;
    return ratingText(c !== null ? c[seat].after : r.match.seats[seat].rating, r.match.seats[seat].provisional);
  };

  const side = (seat: Seat, where: "top" | "bottom"): JSX.Element => (
    <div
      class={`side side-${where}`}
      classList={{ turn: r.match?.toMove === seat && r.match?.status === "active" }}
      data-seat={seat}
      data-testid={`side-${where}`}
    >
      <span class="side-name" data-testid={`ranked-name-${where}`}>
        {who(seat)}
      </span>
      <span class="rating" data-testid={`ranked-rating-${where}`}>
        {seatRating(seat)}
      </span>
      <span
        class="clock"
        classList={{ running: r.match?.toMove === seat && r.match?.status === "active", low: act.clock(seat) < 20_000 }}
        data-testid={`clock-${where}`}
      >
        {formatClock(act.clock(seat))}
      </span>
      <span class="side-score">{score(seat)}</span>
    </div>
  );

  return (
    <section
      class="screen page ranked"
      classList={{
        play: r.phase === "playing" || r.phase === "over",
        "game-screen": r.phase === "playing" || r.phase === "over",
      }}
      aria-labelledby="ranked-title"
      data-phase={r.phase}
    >
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.go("menu")} aria-label="Back">
          <Icon name="back" />
        </button>
        <h1 id="ranked-title">Ranked{r.match !== null ? ` · ${GAME_NAMES[r.match.game]}` : ""}</h1>
      </header>
      {/* A planned reconnect (the link stays "connected" while it moves to a new socket) shows nothing. */}
      <Show when={!r.connected && r.link.status !== "connected"}>
        <p class="banner warn" role="status" data-testid="conn-banner">
          {r.link.status === "offline"
            ? "You are offline. Play carries on when the connection is back."
            : r.phase === "playing" || r.phase === "over"
              ? `Reconnecting… ${act.reconnectingFor() ?? 0} s. Your clock keeps running.`
              : "Connecting to the game server…"}
        </p>
      </Show>
      <Show when={r.error}>
        {(e) => (
          <p class="banner error" role="alert">
            {e()}
          </p>
        )}
      </Show>

      <Show when={r.phase === "ready" || r.phase === "seeking" || r.phase === "connecting"}>
        <div class="card form">
          <p>
            Playing as <strong data-testid="ranked-me">{r.shown}</strong>
          </p>
          <Show when={r.pending !== null}>
            <p class="note" data-testid="ranked-pending">
              Your name {r.pending} is listed after your first rated game.
            </p>
          </Show>
          <Show when={profile.name !== "" && !nameOk()}>
            <p class="error">
              Your public name: {nameProblem()}.{" "}
              <button type="button" class="link" onClick={() => router.go("profile")}>
                Set it in Profile
              </button>
            </p>
          </Show>
          <FamilyPicker name="ranked-family" look="chips" value={family()} onChange={setFamily} />
          <TsoroOptions
            name="ranked-mode"
            family={family()}
            mode={mode()}
            onMode={setMode}
            holes={holes()}
            onHoles={setHoles}
            seeds={seeds()}
            onSeeds={setSeeds}
          />
          <p class="note">
            Your rating in {GAME_NAMES[game()]}:{" "}
            <strong data-testid="my-rating">
              {r.stats[game()] !== undefined
                ? ratingText(r.stats[game()].rating, r.stats[game()].provisional)
                : "1500? (no games yet)"}
            </strong>
          </p>
          <Show
            when={r.phase === "seeking"}
            fallback={
              <button
                type="button"
                class="btn primary big"
                onClick={seek}
                disabled={!r.connected || r.phase === "connecting"}
              >
                Find an opponent
              </button>
            }
          >
            <p role="status" data-testid="seeking">
              Looking for an opponent near your rating…
            </p>
            <button type="button" class="btn" onClick={() => act.cancel()}>
              Cancel
            </button>
          </Show>
          <button type="button" class="btn" onClick={() => router.go("leaderboard", game())}>
            Leaderboard
          </button>
        </div>
      </Show>

      <Show when={(r.phase === "playing" || r.phase === "over") && r.match !== null}>
        {/* Both names and ratings on one line of their own, so a phone's narrow score line need not fit them. */}
        <p class="ranked-players" data-testid="ranked-players">
          <span data-testid="ranked-players-them">
            <strong>{who(them())}</strong> {seatRating(them())}
          </span>
          <span data-testid="ranked-players-me">
            <strong>{who(r.seat)}</strong> {seatRating(r.seat)}
          </span>
        </p>
        <div class="score-line" data-testid="score-line">
          {side(them(), "top")}
          <span class="turn" data-testid="turn" role="status">
            {r.phase === "over"
              ? resultTitle()
              : r.match?.toMove === r.seat
                ? r.sending
                  ? "Sending…"
                  : "Your turn"
                : "Their turn"}
          </span>
          {side(r.seat, "bottom")}
        </div>
        <Show when={act.opponentAway() && r.phase === "playing"}>
          <p class="banner" role="status" data-testid="peer-banner">
            Your opponent is reconnecting… If they are not back in time, you win.
          </p>
        </Show>
        <BoardLayout
          board={
            <>
              <Show when={act.position()}>
                {(p) => (
                  <Board
                    engine={p().engine}
                    bottom={r.seat}
                    display={peeked()?.display ?? view.display}
                    legal={peeked() !== null ? [] : act.legal()}
                    lastFrom={peeked() !== null ? (peeked()?.lastFrom ?? null) : view.lastFrom}
                    preview={peeked() !== null ? null : shownPreview()}
                    hint={null}
                    hand={peeked() !== null ? null : view.hand}
                    flights={peeked() !== null ? [] : view.flights}
                    glow={null}
                    names={r.seat === 0 ? ["You", r.match?.seats[1].name ?? ""] : [r.match?.seats[0].name ?? "", "You"]}
                    counters={settings.counters}
                    holeSize={settings.holeSize}
                    handStyle={settings.hand}
                    onPick={(pit) => act.move(pit)}
                    onPreview={(pit) => showPreview(pit)}
                  />
                )}
              </Show>
              <Show when={view.announce}>
                {(a) => (
                  <div class={`announce ${a().side}`} role="alert">
                    {a().text}
                  </div>
                )}
              </Show>
            </>
          }
          side={
            <MoveList
              entries={line()?.entries ?? []}
              peek={peeked() !== null ? peek() : null}
              onPeek={(k) => setPeek(k === (line()?.entries.length ?? 0) ? null : k)}
              onBack={() => setPeek(null)}
              actions={
                <Show when={r.phase === "over"}>
                  <Show when={seeBoard()}>
                    <button type="button" class="btn primary" onClick={() => setSeeBoard(false)}>
                      Result
                    </button>
                  </Show>
                  <ReviewButtons record={() => (r.match === null ? null : matchRecord(r.match))} />
                </Show>
              }
            />
          }
        />
        <nav class="controls" aria-label="Game controls">
          <button type="button" class="ctl" onClick={() => setResignOpen(true)} disabled={r.phase !== "playing"}>
            <Icon name="flag" />
            <span>Resign</span>
          </button>
          <Show when={r.match?.game === "ayo"}>
            <button
              type="button"
              class="ctl"
              onClick={() => act.agreeEnd()}
              disabled={r.phase !== "playing" || r.match?.endOffer === r.seat}
            >
              <Icon name="handshake" />
              <span>{r.match?.endOffer === r.seat ? "Offered" : "Offer end"}</span>
            </button>
          </Show>
          <button
            type="button"
            class="ctl"
            onClick={() => router.go("rules", r.match?.game.startsWith("tsoro") ? "tsoro" : (r.match?.game ?? "togyz"))}
          >
            <Icon name="rules" />
            <span>Rules</span>
          </button>
        </nav>
      </Show>

      <Show
        when={r.phase === "playing" && r.match !== null && r.match.endOffer !== null && r.match.endOffer !== r.seat}
      >
        <Dialog title="End on the current score?" onClose={() => act.declineEnd()}>
          <p>{r.match?.seats[them()].name} offers to end the game now, on the captured score.</p>
          <div class="row">
            <button type="button" class="btn primary" onClick={() => act.agreeEnd()}>
              Agree
            </button>
            <button type="button" class="btn" onClick={() => act.declineEnd()}>
              Keep playing
            </button>
          </div>
        </Dialog>
      </Show>

      <Show when={resignOpen()}>
        <Dialog title="Resign?" onClose={() => setResignOpen(false)}>
          <p>You lose this game and your rating changes as for a loss.</p>
          <div class="row">
            <button
              type="button"
              class="btn danger"
              onClick={() => {
                setResignOpen(false);
                act.resign();
              }}
            >
              Resign
            </button>
            <button type="button" class="btn" onClick={() => setResignOpen(false)}>
              Keep playing
            </button>
          </div>
        </Dialog>
      </Show>

      <Show when={r.phase === "over" && r.match !== null && !view.animating && !seeBoard()}>
        <div class="backdrop results-backdrop" onClick={(e) => e.target === e.currentTarget && setSeeBoard(true)}>
          <div
            class="dialog results"
            role="dialog"
            aria-modal="true"
            aria-labelledby="ranked-result"
            data-testid="results"
          >
            <h2 id="ranked-result">{resultTitle()}</h2>
            <Show when={summary()}>
              {(sm) => (
                <p class="result-facts">
                  <span data-testid="reason">
                    {sm().how ?? (sm().reason !== null ? REASON_TEXT[sm().reason as keyof typeof REASON_TEXT] : "")}
                  </span>
                </p>
              )}
            </Show>
            <Show
              when={change()}
              fallback={
                <p class="note" data-testid="rating-change">
                  This game was not rated.
                </p>
              }
            >
              {(c) => (
                <p class="rating-change" data-testid="rating-change">
                  <strong
                    classList={{
                      up: Math.round(c().after) >= Math.round(c().before),
                      down: Math.round(c().after) < Math.round(c().before),
                    }}
                  >
                    {ratingChangeText(c())}
                  </strong>
                </p>
              )}
            </Show>
            <div class="col">
              <button type="button" class="btn primary" onClick={() => act.again()} data-testid="play-again">
                Play again
              </button>
              <button type="button" class="btn" onClick={() => setSeeBoard(true)} data-testid="see-board">
                See the board
              </button>
              <button type="button" class="btn" onClick={() => act.lobby()}>
                Choose another game
              </button>
              <button type="button" class="btn" onClick={() => router.go("leaderboard", r.match?.game ?? null)}>
                Leaderboard
              </button>
              <button type="button" class="btn" onClick={() => router.go("menu")}>
                Main menu
              </button>
              <ExportButton
                record={() => (r.match === null ? null : matchRecord(r.match))}
                label="Export, replay or share this game"
              />
            </div>
          </div>
        </div>
      </Show>
    </section>
  );
}
