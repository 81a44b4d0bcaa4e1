/** Online, Ranked and Leaderboard: these need the game server and arrive with online play. */
import type { JSX } from "solid-js";
import { Icon } from "../components/Icon.js";
import { useRouter } from "../state/createRouter.js";

const TEXT = {
  online: {
    title: "Online",
    body: "Play a friend anywhere: create a game, share its 8-character code (like K7PQ-2A9M), and your friend joins with it. Moves, chat, names and photos are encrypted with the code.",
  },
  ranked: {
    title: "Ranked",
    body: "Rated games run by the server, paired with a player near your rating. Results feed the public leaderboard. Lessons and games against the computer never change your rating.",
  },
  leaderboard: {
    title: "Leaderboard",
    body: "The top players of each game, by rating, with their wins, losses and draws.",
  },
} as const;

export function OnlineScreen(props: { kind: "online" | "ranked" | "leaderboard" }): JSX.Element {
  const [, router] = useRouter();
  return (
    <section class="screen page" aria-labelledby="online-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label="Back"><Icon name="back" /></button>
        <h1 id="online-title">{TEXT[props.kind].title}</h1>
      </header>
      <div class="card">
        <p>{TEXT[props.kind].body}</p>
        <p class="note" role="status">
          This needs a connection to the game server, which this version of the app does not make yet. Everything on
          this device works offline: play the computer or a friend sitting next to you.
        </p>
        <div class="row">
          <button type="button" class="btn primary" onClick={() => router.go("new")}>New game</button>
          <button type="button" class="btn" onClick={() => router.go("menu")}>Main menu</button>
        </div>
      </div>
    </section>
  );
}
