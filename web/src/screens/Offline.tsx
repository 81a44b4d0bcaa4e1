/**
 * What the app shows about the network: the notice that takes the place of the screens that need a
 * connection while the device is offline (the screen itself opens as soon as the network is back),
 * and the bar that offers a newly downloaded version.
 */
import { createEffect, createSignal, Show, type JSX } from "solid-js";
import { Icon } from "../components/Icon.js";
import { appStatus } from "../lib/pwa.js";
import { useRouter } from "../state/createRouter.js";
import "../records.css";

export type NetworkScreen = "online" | "room" | "ranked" | "leaderboard";

const NEEDS: { readonly [S in NetworkScreen]: { readonly title: string; readonly text: string } } = {
  online: {
    title: "Online play needs a connection",
    text: "Playing a friend by code goes through the server, so it needs the internet.",
  },
  room: {
    title: "This online game needs a connection",
    text: "Your friend game is kept on this device and stays in Resume. It opens again here as soon as you are back online.",
  },
  ranked: {
    title: "Ranked games need a connection",
    text: "Ranked games are run by the server, so they need the internet.",
  },
  leaderboard: {
    title: "The leaderboard needs a connection",
    text: "The leaderboard is kept on the server, so it needs the internet.",
  },
};

export function OfflineNotice(props: { what: NetworkScreen }): JSX.Element {
  const [, router] = useRouter();
  return (
    <section class="screen page offline-notice" aria-labelledby="offline-title" data-testid="offline-notice">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label="Back">
          <Icon name="back" />
        </button>
        <h1 id="offline-title">You are offline</h1>
      </header>
      <div class="card">
        <h2>{NEEDS[props.what].title}</h2>
        <p>{NEEDS[props.what].text}</p>
        <p>
          Without a connection you can still play the computer or pass and play on this device, carry on a saved game,
          replay a game, and read the lessons and rules.
        </p>
        <div class="row">
          <button type="button" class="btn primary" onClick={() => router.go("new")}>
            Play the computer or pass and play
          </button>
          <button type="button" class="btn" onClick={() => router.go("resume")}>
            Resume a game
          </button>
          <button type="button" class="btn" onClick={() => router.go("lessons")}>
            Lessons
          </button>
          <button type="button" class="btn" onClick={() => router.go("rules")}>
            Rules
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * Opened offline: the notice, replaced by the screen by itself once the network is back. A screen
 * already open stays when the network drops (a friend or ranked game handles that itself: it says
 * so and reconnects), so a short drop never throws a player out of a game.
 */
export function NeedsNetwork(props: { what: NetworkScreen; children: JSX.Element }): JSX.Element {
  const [reached, setReached] = createSignal(appStatus.online());
  createEffect(() => {
    if (appStatus.online()) setReached(true);
  });
  return (
    <Show when={reached()} fallback={<OfflineNotice what={props.what} />}>
      {props.children}
    </Show>
  );
}

export function UpdateBar(): JSX.Element {
  return (
    <div class="update-bar" role="status" aria-live="polite" data-testid="update-bar">
      <span>A new version of the app is ready.</span>
      <button type="button" class="btn primary" onClick={() => void appStatus.update()}>
        Update
      </button>
      <button type="button" class="btn" onClick={() => appStatus.dismissUpdate()}>
        Later
      </button>
    </div>
  );
}
