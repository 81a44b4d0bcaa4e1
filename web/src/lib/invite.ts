/**
 * What a friend invitation carries besides the code, and the names friends see of each other.
 *
 * The join link names the game the owner set up (`#/join/K7PQ-2A9M_togyz_3`): it travels in the
 * URL fragment, which the browser never sends to a server, beside the code it already carried. It
 * is a claim, not the game: the guest's waiting screen shows it as what the invitation says, and
 * once the owner lets them in the setup that arrives sealed under the room key is the game played
 * (and shown, with a notice when the link said otherwise).
 */
import { newGame } from "../../../core/games/index.js";
import { BEST_OF, type BestOf } from "../../../core/series.js";
import { GAMES, type GameId, type Seat } from "../../../core/types.js";
import { t } from "../i18n/i18n.js";
import type { RoomSetup } from "../state/createRooms.js";

/**
 * The name a player who set none sends to a friend (the protocol wants a name). Earlier versions
 * sent "You" too, so a peer reading it shows "Owner" or "Guest" instead, in its own language.
 */
const UNNAMED = "You";

/** The name this device sends: the chosen one, or the placeholder of a player who chose none. */
export function sentName(chosen: string): string {
  const n = chosen.trim();
  return n === "" ? UNNAMED : n;
}

/** A friend's name as received: "" when they chose none. */
export function receivedName(name: string): string {
  const n = name.trim();
  return n === UNNAMED ? "" : n;
}

/** A friend's name as shown: a player who chose none is "Owner" or "Guest" by their seat. */
export function peerName(name: string, seat: Seat): string {
  const n = receivedName(name);
  return n !== "" ? n : seat === 0 ? t("invite.owner") : t("invite.guest");
}

/** The setup as the link writes it: `togyz_1`, `tsoro-classic_3_8_2` (game, series, then holes and seeds). */
export function inviteToken(setup: RoomSetup): string {
  const base = `${setup.game}_${setup.bestOf}`;
  return setup.game === "tsoro-classic" || setup.game === "tsoro-wta"
    ? `${base}_${Number(setup.options.holes)}_${Number(setup.options.seeds)}`
    : base;
}

/** The setup a link names, or null when the text is not one (a setup the engine would refuse included). */
export function parseInviteToken(token: string): RoomSetup | null {
  const parts = token.split("_");
  const game = parts[0] as GameId;
  if (!(GAMES as readonly string[]).includes(game)) return null;
  const bestOf = Number(parts[1]) as BestOf;
  if (!BEST_OF.includes(bestOf)) return null;
  const tsoro = game === "tsoro-classic" || game === "tsoro-wta";
  if (parts.length !== (tsoro ? 4 : 2)) return null;
  if (tsoro && !parts.slice(2).every((p) => /^[0-9]{1,2}$/.test(p))) return null;
  const options: Record<string, number | boolean> = tsoro
    ? { holes: Number(parts[2]), seeds: Number(parts[3]) }
    : game === "ayo"
      ? { vsComputer: false }
      : {};
  return newGame(game, options).ok ? { game, options, bestOf } : null;
}

/** A join link's parameter split: the code as typed and the setup the link names, if any. */
export function parseJoinParam(param: string | null): { code: string; announced: RoomSetup | null } {
  if (param === null) return { code: "", announced: null };
  const cut = param.indexOf("_");
  return cut < 0
    ? { code: param, announced: null }
    : { code: param.slice(0, cut), announced: parseInviteToken(param.slice(cut + 1)) };
}

/** Whether two setups are the same game (what a link announced against what the owner sealed). */
export function sameSetup(a: RoomSetup, b: RoomSetup): boolean {
  return inviteToken(a) === inviteToken(b);
}
