/**
 * Ranked: choose the game (and the Tsoro board), seek an opponent near your rating, play on the
 * server's clocks, resign, and see the result with the rating change. Lessons and games against the
 * computer never change a rating; only these games do.
 */
import { createEffect, createSignal, onCleanup, onMount, Show, type JSX } from "solid-js";
import { scoreOn, toMove, type State } from "../../../core/games/index.js";
import { parseDisplayName } from "../../../core/names.js";
import type { MatchView } from "../../../core/protocol/ranked.js";
import type { GameId, Seat } from "../../../core/types.js";
import { Board } from "../components/Board.js";
import { FamilyPicker, TsoroOptions } from "../components/GamePicker.js";
import { Dialog } from "../components/Dialog.js";
import { Icon } from "../components/Icon.js";
import { FAMILIES, GAME_NAMES, type Family } from "../content/games.js";
import { endSentence } from "../game/results.js";
import { t, tParts } from "../i18n/i18n.js";
import { errorText } from "../i18n/errors.js";
import { previewLanding } from "../game/moves.js";
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
import { FinishedActions, MoveList } from "../components/MoveList.js";
import { createMovePeek } from "../state/createMovePeek.js";
import { ExportButton } from "../components/ExportButton.js";

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

/** "Rating 1500 → 1512 (+12)": rounded the way the ratings are shown. */
function ratingChange(c: { before: number; after: number }): string {
  const before = Math.round(c.before);
  const after = Math.round(c.after);
  const d = after - before;
  return t("ranked.change", { before, after, delta: `${d >= 0 ? "+" : "−"}${Math.abs(d)}` });
}

/** The result's title and how the match ended, for the player on `seat`, naming who resigned, ran out of time or left. */
function matchResult(m: MatchView, seat: Seat, final: State | null): { title: string; how: string } {
  const res = m.result;
  if (res === null)
    return m.status === "aborted"
      ? { title: t("ranked.aborted"), how: t("ranked.abortedHow") }
      : { title: t("room.gameOver"), how: "" };
  const name = (s: Seat): string => (s === seat ? t("common.you") : m.seats[s].name);
  const title =
    res.winner === null
      ? t("result.draw")
      : res.winner === seat
        ? t("result.youWon")
        : t("play.won", { name: m.seats[res.winner].name });
  if (res.reason === "agreed") return { title, how: t(res.winner === null ? "ranked.agreedDraw" : "ranked.agreed") };
  if (res.reason === "timeout" && res.winner !== null) {
    const loser = (1 - res.winner) as Seat;
    return { title, how: t("ranked.clock", { who: loser === seat ? "you" : "other", name: name(loser) }) };
  }
  const how = endSentence({
    game: m.game,
    reason: res.reason,
    names: [name(0), name(1)],
    winner: res.winner,
    toMove: final === null ? 0 : toMove(final),
    forfeitWord: "resigned",
  });
  return { title, how };
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
  /** The move list, and a position from it shown read only. */
  const moves = createMovePeek(() => r.match);
  const peeked = moves.peeked;
  // A new match opens on its live board with its result to come.
  createEffect(() => {
    void r.match?.id;
    setSeeBoard(false);
    moves.close();
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
    return n.ok ? "" : errorText(n.error.code);
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
  const score = (seat: Seat): number => (r.match === null ? 0 : scoreOn(r.match.game, view.display, seat));
  const summary = (): { title: string; how: string } | null =>
    r.match === null ? null : matchResult(r.match, r.seat, moves.line()?.states.at(-1) ?? null);
  const resultTitle = (): string => summary()?.title ?? t("room.gameOver");
  const change = (): { before: number; after: number } | null => {
    const c = r.changes;
    return c === null ? null : c[r.seat];
  };

  const who = (seat: Seat): string => (seat === r.seat ? t("common.you") : (r.match?.seats[seat].name ?? ""));
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
        <button type="button" class="icon-btn" onClick={() => router.go("menu")} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="ranked-title">
          {r.match !== null ? t("ranked.titleGame", { game: GAME_NAMES[r.match.game] }) : t("screen.ranked")}
        </h1>
      </header>
      {/* A planned reconnect (the link stays "connected" while it moves to a new socket) shows nothing. */}
      <Show when={!r.connected && r.link.status !== "connected"}>
        <p class="banner warn" role="status" data-testid="conn-banner">
          {r.link.status === "offline"
            ? t("ranked.offline")
            : r.phase === "playing" || r.phase === "over"
              ? t("ranked.reconnecting", { s: act.reconnectingFor() ?? 0 })
              : t("room.connecting")}
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
            {tParts<JSX.Element>(
              "ranked.playingAs",
              { name: r.shown },
              { b: (chunks) => <strong data-testid="ranked-me">{chunks}</strong> },
            )}
          </p>
          <Show when={r.pending !== null}>
            <p class="note" data-testid="ranked-pending">
              {t("ranked.pending", { name: r.pending ?? "" })}
            </p>
          </Show>
          <Show when={profile.name !== "" && !nameOk()}>
            <p class="error">
              {t("ranked.badName", { reason: nameProblem() })}{" "}
              <button type="button" class="link" onClick={() => router.go("profile")}>
                {t("ranked.setName")}
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
            {t("ranked.yourRating", { game: GAME_NAMES[game()] })}{" "}
            <strong data-testid="my-rating">
              {r.stats[game()] !== undefined
                ? ratingText(r.stats[game()].rating, r.stats[game()].provisional)
                : t("ranked.noGames")}
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
                {t("ranked.find")}
              </button>
            }
          >
            <p role="status" data-testid="seeking">
              {t("ranked.seeking")}
            </p>
            <button type="button" class="btn" onClick={() => act.cancel()}>
              {t("common.cancel")}
            </button>
          </Show>
          <button type="button" class="btn" onClick={() => router.go("leaderboard", game())}>
            {t("menu.leaderboard")}
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
                  ? t("room.sending")
                  : t("play.yourTurn")
                : t("ranked.theirTurn")}
          </span>
          {side(r.seat, "bottom")}
        </div>
        <Show when={act.opponentAway() && r.phase === "playing"}>
          <p class="banner" role="status" data-testid="peer-banner">
            {t("ranked.opponentAway")}
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
                    names={
                      r.seat === 0
                        ? [t("common.you"), r.match?.seats[1].name ?? ""]
                        : [r.match?.seats[0].name ?? "", t("common.you")]
                    }
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
              {...moves.list}
              actions={
                <Show when={r.phase === "over"}>
                  <FinishedActions
                    seeBoard={seeBoard()}
                    onResult={() => setSeeBoard(false)}
                    record={() => (r.match === null ? null : matchRecord(r.match))}
                  />
                </Show>
              }
            />
          }
        />
        <nav class="controls" aria-label={t("play.controls")}>
          <button type="button" class="ctl" onClick={() => setResignOpen(true)} disabled={r.phase !== "playing"}>
            <Icon name="flag" />
            <span>{t("ranked.resign")}</span>
          </button>
          <Show when={r.match?.game === "ayo"}>
            <button
              type="button"
              class="ctl"
              onClick={() => act.agreeEnd()}
              disabled={r.phase !== "playing" || r.match?.endOffer === r.seat}
            >
              <Icon name="handshake" />
              <span>{r.match?.endOffer === r.seat ? t("ranked.offered") : t("play.offerEnd")}</span>
            </button>
          </Show>
          <button
            type="button"
            class="ctl"
            onClick={() => router.go("rules", r.match?.game.startsWith("tsoro") ? "tsoro" : (r.match?.game ?? "togyz"))}
          >
            <Icon name="rules" />
            <span>{t("play.rules")}</span>
          </button>
        </nav>
      </Show>

      <Show
        when={r.phase === "playing" && r.match !== null && r.match.endOffer !== null && r.match.endOffer !== r.seat}
      >
        <Dialog title={t("play.endTitle")} onClose={() => act.declineEnd()}>
          <p>{t("room.endText", { name: r.match?.seats[them()].name ?? "" })}</p>
          <div class="row">
            <button type="button" class="btn primary" onClick={() => act.agreeEnd()}>
              {t("play.agree")}
            </button>
            <button type="button" class="btn" onClick={() => act.declineEnd()}>
              {t("play.keepPlaying")}
            </button>
          </div>
        </Dialog>
      </Show>

      <Show when={resignOpen()}>
        <Dialog title={t("ranked.resignTitle")} onClose={() => setResignOpen(false)}>
          <p>{t("ranked.resignText")}</p>
          <div class="row">
            <button
              type="button"
              class="btn danger"
              onClick={() => {
                setResignOpen(false);
                act.resign();
              }}
            >
              {t("ranked.resign")}
            </button>
            <button type="button" class="btn" onClick={() => setResignOpen(false)}>
              {t("play.keepPlaying")}
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
                  <span data-testid="reason">{sm().how}</span>
                </p>
              )}
            </Show>
            <Show
              when={change()}
              fallback={
                <p class="note" data-testid="rating-change">
                  {t("ranked.notRated")}
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
                    {ratingChange(c())}
                  </strong>
                </p>
              )}
            </Show>
            <div class="col">
              <button type="button" class="btn primary" onClick={() => act.again()} data-testid="play-again">
                {t("result.playAgain")}
              </button>
              <button type="button" class="btn" onClick={() => setSeeBoard(true)} data-testid="see-board">
                {t("result.seeBoard")}
              </button>
              <button type="button" class="btn" onClick={() => act.lobby()}>
                {t("ranked.another")}
              </button>
              <button type="button" class="btn" onClick={() => router.go("leaderboard", r.match?.game ?? null)}>
                {t("menu.leaderboard")}
              </button>
              <button type="button" class="btn" onClick={() => router.go("menu")}>
                {t("common.mainMenu")}
              </button>
              <ExportButton
                record={() => (r.match === null ? null : matchRecord(r.match))}
                label={t("result.export")}
              />
            </div>
          </div>
        </div>
      </Show>
    </section>
  );
}
