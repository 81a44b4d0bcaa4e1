/**
 * A new friend room kept on the device (loaded only when needed): a fresh code (its locator is
 * proposed to the server, which may give another; its password never leaves the device), a random
 * room id and seat secret.
 */
import nacl from "tweetnacl";
import { generateCode, generateSecret, makeBase64Url, parseCode, type CodeError } from "../../../core/crypto/index.js";
import type { SavedRoom, RoomSetup } from "./createRooms.js";

export function makeOwnRoom(setup: RoomSetup, now: number): SavedRoom {
  return {
    code: generateCode(),
    roomId: makeBase64Url(nacl.randomBytes(32)),
    secret: generateSecret(),
    owner: true,
    created: false,
    setup,
    opponent: null,
    moves: 0,
    score: [0, 0],
    over: false,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * A room to join by a typed code (its seat secret comes from the key exchange), with the game its
 * join link named if any; the reason when the code is not one.
 */
export function makeGuestRoom(
  typed: string,
  now: number,
  announced: RoomSetup | null = null,
): { room: SavedRoom } | { error: CodeError } {
  const c = parseCode(typed);
  if (!c.ok) return { error: c.error };
  return {
    room: {
      code: c.value,
      secret: "",
      owner: false,
      created: true,
      setup: null,
      ...(announced !== null ? { announced } : {}),
      opponent: null,
      moves: 0,
      score: [0, 0],
      over: false,
      createdAt: now,
      updatedAt: now,
    },
  };
}

export { parseCode };
