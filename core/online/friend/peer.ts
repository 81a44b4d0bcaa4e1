/**
 * The other seat as this one sees it: whether it is taken and online, and the seat token this
 * connection sends with every relay (it names the other seat's connection, so the server needs no
 * read to relay: functions/friends/token.ts). Set when seated, moved by the other seat's presence.
 */
import type { Seat } from "../../types.js";

export interface Peer {
  readonly seated: boolean;
  readonly online: boolean;
  readonly token: string;
  readonly via: string;
}

export const NO_PEER: Peer = { seated: false, online: false, token: "", via: "" };

/** Seated on a connection: the server's view of the other seat and this connection's token. */
export function peerAtJoin(m: {
  readonly peer: { readonly seated: boolean; readonly online: boolean };
  readonly token: string;
  readonly via: string;
}): Peer {
  return { seated: m.peer.seated, online: m.peer.online, token: m.token, via: m.via };
}

/** A seat came or went (with a fresh token); news of this very seat changes nothing here. */
export function peerPresence(
  p: Peer,
  mine: Seat | null,
  m: {
    readonly seat: Seat;
    readonly seated: boolean;
    readonly online: boolean;
    readonly token: string;
    readonly via: string;
  },
): Peer {
  if (m.seat === mine) return p;
  return { seated: m.seated, online: m.online, token: m.token, via: m.via };
}
