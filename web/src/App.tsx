/** The app shell: stores and services for every screen, the theme, and the screen for the URL. */
import { createEffect, lazy, Match, onCleanup, onMount, Show, Suspense, Switch, untrack, type JSX } from "solid-js";
import { createAi } from "./ai/createAi.js";
import { createSound } from "./present/sound.js";
import { appStatus } from "./lib/pwa.js";
import { retryPending } from "./lib/suggestions.js";
import { NeedsNetwork, UpdateBar } from "./screens/Offline.js";
import { MenuScreen } from "./screens/Menu.js";
import { deviceStorage, type KeyValue } from "./lib/persist.js";
import { createProfile, ProfileContext } from "./state/createProfile.js";
import { createRooms, RoomsContext } from "./state/createRooms.js";
import { createRouter, RouterContext, type Screen } from "./state/createRouter.js";
import { createSaves, SavesContext } from "./state/createSaves.js";
import { createSettings, SettingsContext, type Settings } from "./state/createSettings.js";
import { createStats, StatsContext } from "./state/createStats.js";
import { ServicesContext } from "./state/services.js";
import { loadLocale, locale, t } from "./i18n/i18n.js";
import type { MessageKey } from "./i18n/en.js";
import { pickLocale } from "./i18n/locales.js";

// The first page is the menu: every other screen, New game and Resume too, is its own chunk.
const NewGameScreen = lazy(() => import("./screens/NewGame.js").then((m) => ({ default: m.NewGameScreen })));
const ResumeScreen = lazy(() => import("./screens/Resume.js").then((m) => ({ default: m.ResumeScreen })));
const PlayScreen = lazy(() => import("./screens/Play.js").then((m) => ({ default: m.PlayScreen })));
const SettingsScreen = lazy(() => import("./screens/Settings.js").then((m) => ({ default: m.SettingsScreen })));
const ProfileScreen = lazy(() => import("./screens/Profile.js").then((m) => ({ default: m.ProfileScreen })));
const RulesScreen = lazy(() => import("./screens/Rules.js").then((m) => ({ default: m.RulesScreen })));
const LessonsScreen = lazy(() => import("./screens/Lessons.js").then((m) => ({ default: m.LessonsScreen })));
const OnlineScreen = lazy(() => import("./screens/Online.js").then((m) => ({ default: m.OnlineScreen })));
const RoomScreen = lazy(() => import("./screens/Room.js").then((m) => ({ default: m.RoomScreen })));
const RankedScreen = lazy(() => import("./screens/Ranked.js").then((m) => ({ default: m.RankedScreen })));
const LeaderboardScreen = lazy(() =>
  import("./screens/Leaderboard.js").then((m) => ({ default: m.LeaderboardScreen })),
);
const ReplayScreen = lazy(() => import("./screens/Replay.js").then((m) => ({ default: m.ReplayScreen })));
const PlayerScreen = lazy(() => import("./screens/Player.js").then((m) => ({ default: m.PlayerScreen })));
const GameScreen = lazy(() => import("./screens/replay/GamePage.js").then((m) => ({ default: m.GameScreen })));
const TvScreen = lazy(() => import("./screens/Watch.js").then((m) => ({ default: m.TvScreen })));
const LiveScreen = lazy(() => import("./screens/Watch.js").then((m) => ({ default: m.LiveScreen })));
const WatchScreen = lazy(() => import("./screens/Watch.js").then((m) => ({ default: m.WatchScreen })));
const TournamentsScreen = lazy(() =>
  import("./screens/Tournaments.js").then((m) => ({ default: m.TournamentsScreen })),
);
const ImportScreen = lazy(() => import("./screens/Import.js").then((m) => ({ default: m.ImportScreen })));

const SCREEN_TITLES: { readonly [S in Screen]: MessageKey } = {
  menu: "screen.menu",
  new: "screen.new",
  play: "screen.play",
  resume: "screen.resume",
  settings: "screen.settings",
  profile: "screen.profile",
  rules: "screen.rules",
  lessons: "screen.lessons",
  online: "screen.online",
  ranked: "screen.ranked",
  leaderboard: "screen.leaderboard",
  join: "screen.join",
  room: "screen.room",
  replay: "screen.replay",
  import: "screen.import",
  player: "screen.player",
  game: "screen.game",
  tv: "screen.tv",
  live: "screen.live",
  watch: "screen.watch",
  lobby: "screen.lobby",
  challenge: "screen.challenge",
  tournaments: "tour.screen",
  tournament: "tour.screen",
};

/** Built-in backgrounds, drawn with gradients. */
const BACKDROPS: { readonly [K in Exclude<Settings["background"], "photo">]: string } = {
  steppe: "linear-gradient(180deg, var(--sky) 0%, var(--sky2) 55%, var(--grass) 100%)",
  savanna:
    "radial-gradient(circle at 75% 18%, #f6c65b55 0 9%, transparent 10%), linear-gradient(180deg, #c9713a 0%, #e7a65a 45%, #6f5a2a 100%)",
  highveld: "linear-gradient(160deg, #3d5a45 0%, #8b9a5b 50%, #c9b27a 100%)",
  night:
    "radial-gradient(circle at 20% 15%, #ffffff22 0 1px, transparent 2px) 0 0 / 40px 40px, linear-gradient(180deg, #0c1230, #1c1740 60%, #2b1b2e)",
  plain: "var(--bg)",
};

export function App(props: { storage?: KeyValue }): JSX.Element {
  const kv = props.storage ?? deviceStorage();
  const settings = createSettings(kv);
  const profile = createProfile(kv);
  const stats = createStats(kv);
  const saves = createSaves(kv);
  const rooms = createRooms(kv);
  const router = createRouter();
  const ai = createAi();
  const sound = createSound(() => settings[0].sound);
  onCleanup(() => {
    ai.dispose();
    sound.dispose();
  });

  const [s, settingsActions] = settings;
  // The language: the browser's choice at the first visit, then the one remembered in Settings.
  if (s.language === null) settingsActions.set("language", pickLocale(navigator.languages ?? [navigator.language]));
  createEffect(() => {
    const l = s.language ?? "en";
    if (l !== locale()) void loadLocale(l).catch(() => undefined);
  });
  createEffect(() => {
    const root = document.documentElement;
    const media = window.matchMedia?.("(prefers-color-scheme: light)");
    const apply = (): void => {
      const theme = s.theme === "system" ? (media?.matches ? "light" : "dark") : s.theme;
      root.dataset.theme = theme;
    };
    onCleanup(() => delete root.dataset.theme);
    apply();
    media?.addEventListener("change", apply);
    onCleanup(() => media?.removeEventListener("change", apply));
  });
  createEffect(() => {
    const bg =
      s.background === "photo" && s.photo !== null
        ? `center / cover no-repeat url("${s.photo}")`
        : BACKDROPS[s.background === "photo" ? "plain" : s.background];
    document.body.style.setProperty("--backdrop", bg);
    onCleanup(() => document.body.style.removeProperty("--backdrop"));
  });

  const retry = (): void => void retryPending(kv);
  retry();
  const timer = setInterval(retry, 60_000);
  window.addEventListener("online", retry);
  onCleanup(() => {
    clearInterval(timer);
    window.removeEventListener("online", retry);
  });

  // Notifications (docs/push.md): kept current, and the worker told the page on screen; loaded apart.
  onMount(() => {
    let stop = (): void => undefined;
    void import("./state/renewNotifications.js")
      .then((m) => (stop = m.watchNotifications(kv, () => s.language ?? "en")))
      .catch(() => undefined);
    onCleanup(() => stop());
  });

  // Fetch the other screens while the player reads the menu, so they open at once (and offline).
  onMount(() => {
    const idle =
      (globalThis as { requestIdleCallback?: (f: () => void) => void }).requestIdleCallback ??
      ((f: () => void) => setTimeout(f, 1500));
    idle(() => {
      for (const load of [
        () => import("./screens/NewGame.js"),
        () => import("./screens/Resume.js"),
        () => import("./screens/Play.js"),
        () => import("./screens/Settings.js"),
        () => import("./screens/Profile.js"),
        () => import("./screens/Rules.js"),
        () => import("./screens/Lessons.js"),
        () => import("./screens/Online.js"),
        () => import("./screens/Room.js"),
        () => import("./screens/Ranked.js"),
        () => import("./screens/Leaderboard.js"),
        () => import("./screens/Replay.js"),
        () => import("./screens/Import.js"),
      ])
        void load().catch(() => undefined);
    });
  });

  const [route] = router;
  createEffect(() => {
    const r = route();
    document.title = r.screen === "menu" ? t("app.titleMenu") : t("app.title", { screen: t(SCREEN_TITLES[r.screen]) });
  });
  return (
    <SettingsContext.context.Provider value={settings}>
      <ProfileContext.context.Provider value={profile}>
        <StatsContext.context.Provider value={stats}>
          <SavesContext.context.Provider value={saves}>
            <RoomsContext.context.Provider value={rooms}>
              <RouterContext.context.Provider value={router}>
                <ServicesContext.context.Provider value={{ ai, sound, storage: kv }}>
                  <main class="app" data-screen={route().screen}>
                    <Suspense
                      fallback={
                        <div class="loading" role="status">
                          {t("app.loading")}
                        </div>
                      }
                    >
                      <Switch fallback={<MenuScreen />}>
                        <Match when={route().screen === "new"}>
                          <NewGameScreen />
                        </Match>
                        <Match when={route().screen === "play" && route().param} keyed>
                          {(id) => <PlayScreen id={id} />}
                        </Match>
                        <Match when={route().screen === "resume"}>
                          <ResumeScreen />
                        </Match>
                        <Match when={route().screen === "settings"}>
                          <SettingsScreen />
                        </Match>
                        <Match when={route().screen === "profile"}>
                          <ProfileScreen />
                        </Match>
                        <Match when={route().screen === "rules"}>
                          <RulesScreen family={route().param} />
                        </Match>
                        <Match when={route().screen === "lessons"}>
                          <LessonsScreen lesson={route().param} />
                        </Match>
                        <Match when={route().screen === "online" || route().screen === "join"}>
                          <NeedsNetwork what="online">
                            <OnlineScreen join={route().screen === "join"} code={route().param} />
                          </NeedsNetwork>
                        </Match>
                        <Match when={route().screen === "room" && route().param} keyed>
                          {(code) => (
                            <NeedsNetwork what="room">
                              <RoomScreen code={code} />
                            </NeedsNetwork>
                          )}
                        </Match>
                        <Match when={route().screen === "ranked"}>
                          <NeedsNetwork what="ranked">
                            <RankedScreen />
                          </NeedsNetwork>
                        </Match>
                        <Match when={route().screen === "lobby"}>
                          <NeedsNetwork what="ranked">
                            <RankedScreen door="lobby" param={untrack(() => route().param)} />
                          </NeedsNetwork>
                        </Match>
                        <Match when={route().screen === "challenge" && route().param} keyed>
                          {(to) => (
                            <NeedsNetwork what="ranked">
                              <RankedScreen door="challenge" param={to} />
                            </NeedsNetwork>
                          )}
                        </Match>
                        <Match when={route().screen === "leaderboard"}>
                          <NeedsNetwork what="leaderboard">
                            <LeaderboardScreen game={route().param} />
                          </NeedsNetwork>
                        </Match>
                        <Match when={route().screen === "replay"}>
                          <ReplayScreen code={route().param} />
                        </Match>
                        <Match when={route().screen === "import"}>
                          <ImportScreen />
                        </Match>
                        <Match when={route().screen === "player" && route().param} keyed>
                          {(id) => (
                            <NeedsNetwork what="leaderboard">
                              <PlayerScreen id={id} />
                            </NeedsNetwork>
                          )}
                        </Match>
                        <Match when={route().screen === "game" && route().param} keyed>
                          {(id) => (
                            <NeedsNetwork what="leaderboard">
                              <GameScreen id={id} />
                            </NeedsNetwork>
                          )}
                        </Match>
                        <Match when={route().screen === "tv"}>
                          <NeedsNetwork what="leaderboard">
                            <TvScreen game={route().param} />
                          </NeedsNetwork>
                        </Match>
                        <Match when={route().screen === "live"}>
                          <NeedsNetwork what="leaderboard">
                            <LiveScreen game={route().param} />
                          </NeedsNetwork>
                        </Match>
                        <Match when={route().screen === "watch" && route().param} keyed>
                          {(id) => (
                            <NeedsNetwork what="leaderboard">
                              <WatchScreen id={id} />
                            </NeedsNetwork>
                          )}
                        </Match>
                        <Match when={route().screen === "tournaments" || route().screen === "tournament"}>
                          <NeedsNetwork what="ranked">
                            <TournamentsScreen id={route().screen === "tournament" ? route().param : null} />
                          </NeedsNetwork>
                        </Match>
                      </Switch>
                    </Suspense>
                    <Show when={appStatus.updateReady()}>
                      <UpdateBar />
                    </Show>
                  </main>
                </ServicesContext.context.Provider>
              </RouterContext.context.Provider>
            </RoomsContext.context.Provider>
          </SavesContext.context.Provider>
        </StatsContext.context.Provider>
      </ProfileContext.context.Provider>
    </SettingsContext.context.Provider>
  );
}
