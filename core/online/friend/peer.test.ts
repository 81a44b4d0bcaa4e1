/** The other seat: taken from the seat's join, moved only by the other seat's presence. */
import { describe, expect, test } from "vitest";
import { NO_PEER, peerAtJoin, peerPresence } from "./peer.js";

describe("peer", () => {
  test("joined: the server's view and this connection's token; presence of the other seat moves it, of this seat does not", () => {
    const p = peerAtJoin({ peer: { seated: true, online: false }, token: "t1", via: "c1" });
    expect(p).toEqual({ seated: true, online: false, token: "t1", via: "c1" });
    const back = peerPresence(p, 0, { seat: 1, seated: true, online: true, token: "t2", via: "c2" });
    expect(back).toEqual({ seated: true, online: true, token: "t2", via: "c2" });
    expect(peerPresence(back, 0, { seat: 0, seated: true, online: false, token: "x", via: "y" })).toBe(back);
    expect(NO_PEER.token).toBe("");
  });
});
