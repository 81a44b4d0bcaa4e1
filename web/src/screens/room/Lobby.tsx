/** A friend room's lobby: the code to share, join requests to approve, and waiting for the owner's answer. */
import { createSignal, For, Show, type JSX } from "solid-js";
import { Avatar } from "../../components/Avatar.js";
import { describeSetup } from "../../content/setup.js";
import { t, tParts } from "../../i18n/i18n.js";
import type { MessageKey } from "../../i18n/en.js";
import { peerName } from "../../lib/invite.js";
import { joinLink, shareText } from "../../lib/share.js";
import type { FriendRoomStore } from "../../state/createFriendRoom.js";
import { useProfile } from "../../state/createProfile.js";
import type { RoomSetup } from "../../state/createRooms.js";
import { useRouter } from "../../state/createRouter.js";

/** The lobby's line for each phase of the room; the failures read as the error code that caused them. */
const STATUS_KEY: { readonly [K in string]?: MessageKey } = {
  connecting: "room.connecting",
  waiting: "room.waitOwnerOpen",
  confirming: "room.checking",
  pending: "room.waitLetIn",
  wrong_code: "error.join/wrong_code",
  retired: "error.room/retired",
  refused: "error.join/refused",
  full: "error.room/full",
  not_found: "error.room/not_found",
  exists: "error.room/exists",
  moved: "error.room/seat_moved",
  closed: "room.closed",
  error: "error.server/error",
};

function statusText(phase: string): string {
  const key = STATUS_KEY[phase];
  return key !== undefined ? t(key) : phase === "seated" ? t("room.gettingReady") : "";
}

export function Lobby(props: {
  store: FriendRoomStore;
  code: string;
  /** The game: the owner's, or the one that arrived sealed from the owner. */
  setup: RoomSetup | null;
  /** Guest, before the owner's setup arrives: the game the join link named. */
  announced: string;
}): JSX.Element {
  const [room, act] = props.store;
  const [, router] = useRouter();
  const [profile] = useProfile();
  const [shared, setShared] = createSignal<string | null>(null);
  const share = async (withLink: boolean): Promise<void> => {
    // The sender's own name, or no name at all: "You" would be the reader.
    const chosen = profile.name.trim();
    const values = { setup: describeSetup(props.setup), code: props.code };
    const text = chosen === "" ? t("invite.textUnnamed", values) : t("invite.text", { ...values, name: chosen });
    const r = await shareText(t("invite.title"), text, withLink ? joinLink(props.code, props.setup) : undefined);
    setShared(
      r === "copied"
        ? withLink
          ? t("room.linkCopied")
          : t("room.codeCopied")
        : r === "shared"
          ? t("room.shared")
          : r === "failed"
            ? t("room.copyByHand", { code: props.code })
            : null,
    );
  };
  const waitingForGuest = (): boolean => room.phase === "seated" && room.seat === 0 && !room.peer.seated;
  const failed = (): boolean =>
    ["refused", "full", "not_found", "wrong_code", "retired", "exists", "moved", "closed", "error"].includes(
      room.phase,
    );
  return (
    <div class="lobby card" data-testid="lobby">
      <Show when={room.seat === 0 || props.code !== ""}>
        <p class="code-label">{t("online.code")}</p>
        <p
          class="code"
          data-testid="room-code"
          aria-label={t("room.codeLabel", { code: props.code.split("").join(" ") })}
        >
          {props.code}
        </p>
      </Show>
      <Show when={describeSetup(props.setup) !== ""}>
        <p class="lobby-setup" data-testid="room-setup">
          {describeSetup(props.setup)}
        </p>
      </Show>
      <Show when={props.announced !== ""}>
        <p class="lobby-setup" data-testid="room-setup">
          {t("invite.named", { setup: props.announced })}
        </p>
        <p class="note">{t("invite.namedNote")}</p>
      </Show>
      <Show when={room.codeNotice}>
        {(n) => (
          <p class="note" role="alert" data-testid="code-notice">
            {n()}
          </p>
        )}
      </Show>
      <Show when={room.seat === 0 && room.wrongCodes > 0 && room.codeNotice === null}>
        <p class="note" data-testid="wrong-codes">
          {t("room.wrongCodes", { n: room.wrongCodes })}
        </p>
      </Show>
      <Show when={waitingForGuest()}>
        <p>{t("room.sendCode")}</p>
        <div class="row">
          <button type="button" class="btn primary" onClick={() => void share(false)}>
            {t("room.shareCode")}
          </button>
          <button type="button" class="btn" onClick={() => void share(true)}>
            {t("room.shareLink")}
          </button>
        </div>
        <Show when={shared()}>
          {(s) => (
            <p class="note" role="status">
              {s()}
            </p>
          )}
        </Show>
      </Show>
      <For each={room.requests}>
        {(r) => (
          <div class="request" data-testid="join-request">
            <Avatar emoji="🙂" size={34} label="" />
            <span class="request-name">
              {tParts<JSX.Element>(
                "room.asksJoin",
                { name: peerName(r.name, 1) },
                { b: (chunks) => <strong>{chunks}</strong> },
              )}
            </span>
            <button type="button" class="btn primary" onClick={() => act.approve(r.reqId, true)}>
              {t("room.letIn")}
            </button>
            <button type="button" class="btn" onClick={() => act.approve(r.reqId, false)}>
              {t("room.refuse")}
            </button>
          </div>
        )}
      </For>
      <p class="note" role="status" data-testid="room-status">
        {waitingForGuest()
          ? room.requests.length > 0
            ? t("room.someone")
            : t("room.waitFriend")
          : statusText(room.phase)}
      </p>
      <Show when={failed()}>
        <div class="row">
          <button type="button" class="btn primary" onClick={() => router.go("online")}>
            {t("screen.online")}
          </button>
          <button type="button" class="btn" onClick={() => router.go("menu")}>
            {t("common.mainMenu")}
          </button>
        </div>
      </Show>
    </div>
  );
}
