/** Screens addressed by the URL hash (`#/play/ID`), so reload and the back button just work. */
import { createSignal, onCleanup, type Accessor } from "solid-js";
import { makeStoreContext } from "./context.js";

const SCREENS = [
  "menu",
  "new",
  "play",
  "resume",
  "settings",
  "profile",
  "rules",
  "lessons",
  "online",
  "ranked",
  "leaderboard",
  "join",
  "room",
  "replay",
  "import",
  // The archive and live games (docs/archive.md): a player's page, an archived game, TV, the live list, one live game.
  "player",
  "game",
  "tv",
  "live",
  "watch",
  // The lobby of open games (docs/lobby.md) and a challenge to one player: doors to the ranked table.
  "lobby",
  "challenge",
  // Tournaments (docs/tournaments.md): the lists, and one tournament's page.
  "tournaments",
  "tournament",
] as const;
export type Screen = (typeof SCREENS)[number];

export interface Route {
  readonly screen: Screen;
  /** The rest of the path: a game id, a rule set, a lesson id; for `replay`, a whole game record (share code). */
  readonly param: string | null;
}

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, "")
    .split("/")
    .filter((p) => p !== "");
  const screen = (SCREENS as readonly string[]).includes(parts[0] ?? "") ? (parts[0] as Screen) : "menu";
  // A replay link carries the whole record (base64url), so its parameter may be long.
  const pattern = screen === "replay" ? /^[A-Za-z0-9_-]{1,12000}$/ : /^[A-Za-z0-9_-]{1,60}$/;
  const param = parts[1] !== undefined && pattern.test(parts[1]) ? parts[1] : null;
  return { screen, param };
}

export function makeRoute(r: Route): string {
  return r.screen === "menu" ? "#/" : `#/${r.screen}${r.param === null ? "" : `/${r.param}`}`;
}

interface RouterActions {
  go(screen: Screen, param?: string | null, replace?: boolean): void;
  back(fallback?: Screen): void;
}

export type RouterStore = readonly [Accessor<Route>, RouterActions];

export function createRouter(): RouterStore {
  const [route, setRoute] = createSignal<Route>(parseRoute(location.hash));
  const onHash = (): void => void setRoute(parseRoute(location.hash));
  window.addEventListener("hashchange", onHash);
  onCleanup(() => window.removeEventListener("hashchange", onHash));
  let depth = 0;
  return [
    route,
    {
      go(screen, param = null, replace = false) {
        const hash = makeRoute({ screen, param });
        if (replace) history.replaceState(null, "", hash);
        else {
          history.pushState(null, "", hash);
          depth++;
        }
        setRoute(parseRoute(hash));
        window.scrollTo?.(0, 0);
      },
      back(fallback = "menu") {
        if (depth > 0) {
          depth--;
          history.back();
        } else {
          history.replaceState(null, "", makeRoute({ screen: fallback, param: null }));
          setRoute({ screen: fallback, param: null });
        }
      },
    },
  ];
}

export const RouterContext = makeStoreContext<RouterStore>("useRouter");
export const useRouter = RouterContext.use;
