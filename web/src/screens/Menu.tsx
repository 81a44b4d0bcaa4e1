/** Main menu. */
import { Show, type JSX } from "solid-js";
import { Avatar } from "../components/Avatar.js";
import { Icon } from "../components/Icon.js";
import { displayName, useProfile } from "../state/createProfile.js";
import { isResumable, useSaves } from "../state/createSaves.js";
import { useRooms } from "../state/createRooms.js";
import { useRouter, type Screen } from "../state/createRouter.js";
import { t } from "../i18n/i18n.js";

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
        <h1 id="title">{t("menu.title")}</h1>
        <p class="tagline">{t("menu.tagline")}</p>
        <button
          type="button"
          class="player-chip"
          onClick={() => router.go("profile")}
          aria-label={t("menu.profileLabel", { name: displayName(profile) })}
        >
          <Avatar photo={profile.photo} emoji={profile.avatar} size={32} label="" />
          <span>{displayName(profile)}</span>
        </button>
      </header>
      <nav class="menu-list" aria-label={t("menu.nav")}>
        {item("new", t("menu.new"), t("menu.newSub"), "primary")}
        <button type="button" class="menu-item" onClick={() => router.go("resume")}>
          <span class="menu-label">{t("menu.resume")}</span>
          <span class="menu-sub">
            <Show when={open() > 0} fallback={t("menu.resumeNone")}>
              {t("menu.resumeSome", { count: open() })}
            </Show>
          </span>
        </button>
        {item("online", t("menu.online"), t("menu.onlineSub"))}
        {item("ranked", t("menu.ranked"), t("menu.rankedSub"))}
        {item("lobby", t("menu.lobby"), t("menu.lobbySub"))}
        {item("tv", t("menu.tv"), t("menu.tvSub"))}
        {item("leaderboard", t("menu.leaderboard"), t("menu.leaderboardSub"))}
        {item("tournaments", t("tour.menu"), t("tour.menuSub"))}
        {item("lessons", t("menu.lessons"), t("menu.lessonsSub"))}
        {item("rules", t("menu.rules"), t("menu.rulesSub"))}
        {item("import", t("menu.import"), t("menu.importSub"))}
        {item("settings", t("menu.settings"), t("menu.settingsSub"))}
        {item("profile", t("menu.profile"), t("menu.profileSub"))}
      </nav>
      <footer class="menu-foot">
        <button type="button" class="icon-btn" onClick={() => router.go("settings")} aria-label={t("common.settings")}>
          <Icon name="sliders" />
        </button>
      </footer>
    </section>
  );
}
