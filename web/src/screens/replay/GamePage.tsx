/**
 * `#/game/<id>`: the shareable page of one server-run game. An archived game opens in the replay
 * with its engine review (the replay adapter, screens/replay/ReplayView.tsx); a game still in play offers
 * to watch it live. The players' names lead to their pages.
 */
import { createResource, Show, type JSX } from "solid-js";
import type { GameResponse } from "../../../../core/archive/archive.js";
import { makeRecord, replayRecord, type Replayed } from "../../../../core/records/index.js";
import type { Seat } from "../../../../core/types.js";
import { Icon } from "../../components/Icon.js";
import { t } from "../../i18n/i18n.js";
import { formatRating } from "../../i18n/numbers.js";
import { fetchGame } from "../../lib/archive.js";
import { useRouter } from "../../state/createRouter.js";
import { ReplayView } from "./ReplayView.js";
import "../../records.css";
import "../../online.css";

/** The archived game as a checked record (core plays its moves), or null when it does not replay. */
function replayedOf(g: GameResponse): Replayed | null {
  const rec = makeRecord(g.game, g.options, g.moves, {
    result: g.result,
    players: [g.seats[0].name, g.seats[1].name],
  });
  if (!rec.ok) return null;
  const r = replayRecord(rec.value);
  return r.ok ? r.value : null;
}

export function GameScreen(props: { id: string }): JSX.Element {
  const [, router] = useRouter();
  const [game] = createResource(() => props.id, fetchGame);
  const seat = (g: GameResponse, s: Seat): JSX.Element => (
    <button
      type="button"
      class="link"
      data-testid={`game-player-${s}`}
      onClick={() => router.go("player", g.seats[s].playerId)}
    >
      {g.seats[s].name} ({formatRating(g.seats[s].ratingAfter ?? g.seats[s].rating, g.seats[s].provisional)})
    </button>
  );
  return (
    <section class="screen replay game-screen" aria-labelledby="game-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="game-title">{t("screen.game")}</h1>
      </header>
      <Show when={game()} fallback={<p class="note">{t("app.loading")}</p>}>
        {(r) => (
          <Show
            when={r().ok ? (r() as { ok: true; value: GameResponse }).value : null}
            fallback={
              <p class="error" role="alert">
                {t("game.error", { error: t((r() as { ok: false; key: Parameters<typeof t>[0] }).key) })}
              </p>
            }
          >
            {(g) => (
              <>
                <p class="card note" data-testid="game-players">
                  {seat(g(), 0)} · {seat(g(), 1)}
                </p>
                <Show
                  when={g().status !== "active" ? replayedOf(g()) : null}
                  keyed
                  fallback={
                    <p class="card note">
                      {t("game.live")}{" "}
                      <button type="button" class="btn primary" onClick={() => router.go("watch", g().id)}>
                        {t("game.watchLive")}
                      </button>
                    </p>
                  }
                >
                  {(rep) => <ReplayView replayed={rep} review={false} />}
                </Show>
              </>
            )}
          </Show>
        )}
      </Show>
    </section>
  );
}
