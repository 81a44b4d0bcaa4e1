/**
 * `#/lobby/<game>`: the open games of one game, live (docs/lobby.md), each with its player, rating,
 * time control, rated or casual, rating range and, for Tsoro, the board; Accept starts the game at the
 * ranked table. Below, "Create a game": the player's own open game, with Cancel once it is up.
 */
import { createEffect, For, onCleanup, Show, type JSX } from "solid-js";
import type { OpenSeek } from "../../../../core/protocol/lobby.js";
import { FamilyPicker, TsoroOptions } from "../../components/GamePicker.js";
import { GAME_NAMES } from "../../content/games.js";
import { t, tParts } from "../../i18n/i18n.js";
import { formatRating } from "../../i18n/numbers.js";
import type { RankedStore } from "../../state/createRanked.js";
import { useRouter } from "../../state/createRouter.js";
import { useServices } from "../../state/services.js";
import type { GameId } from "../../../../core/types.js";
import { createTerms, presetMeaning, TermsFields } from "./Terms.js";

/** A seek's board, for Tsoro ("4 × 2 holes, 1 seed each"); nothing for the other games. */
export function boardText(game: GameId, options: Readonly<Record<string, number | boolean>>): string {
  if (!game.startsWith("tsoro")) return "";
  return t("setup.tsoroBoard", { holes: Number(options.holes), seeds: Number(options.seeds) });
}

function SeekRow(props: { seek: OpenSeek; mine: boolean; store: RankedStore }): JSX.Element {
  const [r, , , , [, lobby]] = props.store;
  const s = (): OpenSeek => props.seek;
  return (
    <li class="lobby-seek" data-testid="lobby-seek" data-seek={s().id} data-mine={props.mine ? "1" : "0"}>
      <span class="lobby-who">
        <a class="link" href={`#/player/${s().playerId}`} data-testid="lobby-seek-name">
          {s().name}
        </a>{" "}
        <span class="rating">{formatRating(s().rating, s().provisional)}</span>
      </span>
      <span class="lobby-terms">
        <strong>{s().preset}</strong> <span class="note">{presetMeaning(s().preset)}</span>
        {" · "}
        {s().casual ? t("preset.casual") : t("preset.rated")}
        {" · "}
        {s().range === null ? t("lobby.rangeAny") : t("lobby.range", { n: s().range ?? 0 })}
        <Show when={boardText(s().game, s().options) !== ""}>
          {" · "}
          {boardText(s().game, s().options)}
        </Show>
      </span>
      <Show
        when={props.mine}
        fallback={
          <button
            type="button"
            class="btn primary"
            data-testid="lobby-accept"
            disabled={!r.connected}
            onClick={() => lobby.accept(s())}
          >
            {t("lobby.accept")}
          </button>
        }
      >
        <button type="button" class="btn" data-testid="lobby-cancel-row" onClick={() => lobby.cancelPost()}>
          {t("common.cancel")}
        </button>
      </Show>
    </li>
  );
}

export function Lobby(props: { store: RankedStore; game: GameId | null }): JSX.Element {
  const [r, act, , , [l, lobby]] = props.store;
  const [, router] = useRouter();
  const services = useServices();
  const terms = createTerms(
    services.storage,
    "lobby.choice.v1",
    props.game === null ? undefined : { game: props.game },
  );
  createEffect(() => {
    const g = terms.game();
    lobby.watch(g);
    router.go("lobby", g, true);
  });
  onCleanup(() => lobby.unwatch());
  const post = (): void => {
    terms.keep();
    const range = terms.range();
    lobby.post({
      game: terms.game(),
      ...(terms.options() !== undefined ? { options: terms.options() } : {}),
      preset: terms.preset(),
      casual: terms.casual(),
      ...(range !== 0 ? { range } : {}),
    });
  };
  const waiting = (): boolean => l.mine !== null || l.posting !== null;
  return (
    <>
      <div class="card form">
        <FamilyPicker name="lobby-family" look="chips" value={terms.family()} onChange={terms.setFamily} />
        <TsoroOptions
          name="lobby-mode"
          family={terms.family()}
          mode={terms.mode()}
          onMode={terms.setMode}
          holes={terms.holes()}
          onHoles={terms.setHoles}
          seeds={terms.seeds()}
          onSeeds={terms.setSeeds}
        />
      </div>
      <div class="card">
        <h2 id="lobby-open">{t("lobby.open", { game: GAME_NAMES[terms.game()] })}</h2>
        <Show when={!l.live}>
          <p class="note" data-testid="lobby-polling">
            {t("lobby.polling")}
          </p>
        </Show>
        <ul class="lobby-seeks" aria-labelledby="lobby-open" data-testid="lobby-seeks">
          <For each={lobby.visible()} fallback={<li class="note">{t("lobby.none")}</li>}>
            {(s) => <SeekRow seek={s} mine={s.playerId === r.playerId} store={props.store} />}
          </For>
        </ul>
      </div>
      <div class="card form">
        <h2>{t("lobby.create")}</h2>
        <p class="note">
          {tParts<JSX.Element>(
            "ranked.playingAs",
            { name: act.me().name },
            { b: (chunks) => <strong>{chunks}</strong> },
          )}
        </p>
        <TermsFields name="lobby" terms={terms} game={false} range />
        <Show
          when={waiting()}
          fallback={
            <button
              type="button"
              class="btn primary big"
              data-testid="lobby-post"
              disabled={!r.connected || r.phase === "connecting"}
              onClick={post}
            >
              {t("lobby.post")}
            </button>
          }
        >
          <p role="status" data-testid="lobby-mine">
            {l.mine !== null ? t("lobby.waiting") : t("room.connecting")}
          </p>
          <button type="button" class="btn" data-testid="lobby-cancel" onClick={() => lobby.cancelPost()}>
            {t("common.cancel")}
          </button>
        </Show>
        <button type="button" class="btn" onClick={() => router.go("ranked")}>
          {t("lobby.quick")}
        </button>
      </div>
    </>
  );
}
