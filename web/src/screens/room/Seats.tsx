/** A friend room's players on the score line: each one's own avatar, and whether the other is connected. */
import type { JSX } from "solid-js";
import { engineSeat } from "../../../../core/online/friend/game.js";
import type { Seat } from "../../../../core/types.js";
import { Avatar } from "../../components/Avatar.js";
import { t } from "../../i18n/i18n.js";
import type { FriendRoomStore } from "../../state/createFriendRoom.js";
import { useProfile } from "../../state/createProfile.js";

/** The score line's slots for a room, by engine seat. */
export function roomSeats(store: FriendRoomStore): {
  avatar: (es: Seat) => JSX.Element;
  presence: (es: Seat) => JSX.Element;
} {
  const [room] = store;
  const [profile] = useProfile();
  const roomSeatOf = (es: Seat): Seat => engineSeat(room, es);
  const avatar = (es: Seat): JSX.Element =>
    roomSeatOf(es) === room.seat ? (
      <Avatar photo={profile.photo} emoji={profile.avatar} size={34} label="" />
    ) : (
      <Avatar {...avatarProps(room.avatars[roomSeatOf(es)])} size={34} label="" />
    );
  const presence = (es: Seat): JSX.Element =>
    roomSeatOf(es) === room.seat ? undefined : (
      <span
        class="presence"
        classList={{ online: room.peer.online }}
        data-testid="presence"
        title={room.peer.online ? t("room.connected") : t("room.notConnected")}
      >
        {room.peer.online ? "●" : "○"}
        <span class="presence-text"> {room.peer.online ? t("room.online") : t("room.away")}</span>
      </span>
    );

  return { avatar, presence };
}

function avatarProps(a: string | null): { photo?: string; emoji?: string } {
  if (a === null) return { emoji: "🙂" };
  return a.startsWith("data:image/") ? { photo: a } : { emoji: a.slice(0, 8) };
}
