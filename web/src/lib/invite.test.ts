import { describe, expect, test } from "vitest";
import type { Settings as RoomSetup } from "../../../core/online/friend/game.js";
import {
  inviteToken,
  parseInviteToken,
  parseJoinParam,
  peerName,
  receivedName,
  sameSetup,
  sentName,
} from "./invite.js";

const TOGYZ: RoomSetup = { game: "togyz", options: {}, bestOf: 3 };
const TSORO: RoomSetup = { game: "tsoro-classic", options: { holes: 6, seeds: 3 }, bestOf: 1 };
const AYO: RoomSetup = { game: "ayo", options: { vsComputer: false }, bestOf: 5 };

describe("the game a join link names", () => {
  test.each([TOGYZ, TSORO, AYO])("%o goes into the link and comes back the same", (s) => {
    const back = parseInviteToken(inviteToken(s));
    expect(back).not.toBeNull();
    expect(sameSetup(back as RoomSetup, s)).toBe(true);
  });

  test("anything else names no game", () => {
    for (const bad of [
      "",
      "chess_1",
      "togyz",
      "togyz_2",
      "togyz_1_9_9",
      "tsoro-wta_1",
      "tsoro-wta_1_99_2",
      "tsoro-wta_1_8_x",
      "ayo_3_1_1",
    ])
      expect(parseInviteToken(bad), bad).toBeNull();
  });

  test("a link's parameter: the code, then the game if it names one", () => {
    expect(parseJoinParam("K7PQ-2A9M_togyz_3")).toEqual({
      code: "K7PQ-2A9M",
      announced: { game: "togyz", options: {}, bestOf: 3 },
    });
    expect(parseJoinParam("K7PQ-2A9M")).toEqual({ code: "K7PQ-2A9M", announced: null });
    expect(parseJoinParam("K7PQ-2A9M_junk")).toEqual({ code: "K7PQ-2A9M", announced: null });
    expect(parseJoinParam(null)).toEqual({ code: "", announced: null });
  });

  test("setups differ by game, series or board", () => {
    expect(sameSetup(TOGYZ, { ...TOGYZ, bestOf: 1 })).toBe(false);
    expect(sameSetup(TSORO, { ...TSORO, options: { holes: 7, seeds: 3 } })).toBe(false);
    expect(sameSetup(TOGYZ, AYO)).toBe(false);
  });
});

describe("names between friends", () => {
  test("a player who chose no name is sent as the placeholder and shown by seat, never as You", () => {
    expect(sentName("  ")).toBe("You");
    expect(sentName(" Aigerim ")).toBe("Aigerim");
    expect(receivedName("You")).toBe("");
    expect(receivedName("Bola")).toBe("Bola");
    expect(peerName("You", 0)).toBe("Owner");
    expect(peerName("", 1)).toBe("Guest");
    expect(peerName("Bola", 1)).toBe("Bola");
  });
});
