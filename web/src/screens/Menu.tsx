/** Main menu. */
import { Show, type JSX } from "solid-js";
import { Avatar } from "../components/Avatar.js";
import { Icon } from "../components/Icon.js";
import { displayName, useProfile } from "../state/createProfile.js";
import { isResumable, useSaves } from "../state/createSaves.js";
import { useRooms } from "../state/createRooms.js";
import { useRouter, type Screen } from "../state/createRouter.js";

export function MenuScreen(): JSX.Element {
  const [, router] = useRouter();
  const [profile] = useProfile();
  const [saves] = useSaves();
  const [rooms] = useRooms();
  const open = (): number => saves.games.filter(isResumable).length + rooms.rooms.filter((r) => !r.over).length;
  const item = (screen: Screen, label: string, sub: string, cls = ""): JSX.Element => (
    <button type="button" class={`menu-item ${cls}`} onClick={() => router.go(screen)}>
      <span class="menu-label">{label}</span>
      <span class="menu-sub">{sub}</span>
    </button>
  );
  return (
    <section class="screen menu" aria-labelledby="title">
      <header class="menu-head">
        <div class="logo" aria-hidden="true">
          <i />
          <i />
          <i />
        </div>
        <h1 id="title">Mancala</h1>
        <p class="tagline">Togyz kumalak · Ayo · Tsoro</p>
        <button
          type="button"
          class="player-chip"
          onClick={() => router.go("profile")}
          aria-label={`Profile: ${displayName(profile)}`}
        >
          <Avatar photo={profile.photo} emoji={profile.avatar} size={32} label="" />
          <span>{displayName(profile)}</span>
        </button>
      </header>
      <nav class="menu-list" aria-label="Main menu">
        {item("new", "New game", "Computer, pass and play or a friend online", "primary")}
        <button type="button" class="menu-item" onClick={() => router.go("resume")}>
          <span class="menu-label">Resume</span>
          <span class="menu-sub">
            <Show when={open() > 0} fallback="No games waiting">
              {open()} game{open() === 1 ? "" : "s"} to carry on
            </Show>
          </span>
        </button>
        {item("online", "Online", "Play a friend by code")}
        {item("ranked", "Ranked", "Rated games run by the server")}
        {item("leaderboard", "Leaderboard", "The best players")}
        {item("lessons", "Lessons", "Predict, then tap")}
        {item("rules", "Rules", "Rules, tips and questions")}
        {item("import", "Replay a game", "Import a record, step through it, ask the engine")}
        {item("settings", "Settings", "Theme, counters, speed, sound")}
        {item("profile", "Profile", "Name, photo and record")}
      </nav>
      <footer class="menu-foot">
        <button type="button" class="icon-btn" onClick={() => router.go("settings")} aria-label="Settings">
          <Icon name="sliders" />
        </button>
      </footer>
    </section>
  );
}
