/** A new friend room kept on the device: a fresh code and seat secret (loaded only when needed). */
import { generateCode, generateSecret, parseCode } from "../../../core/crypto/index.js";
import type { SavedRoom, RoomSetup } from "./createRooms.js";

export function makeOwnRoom(setup: RoomSetup, now: number): SavedRoom {
  return {
    code: generateCode(), secret: generateSecret(), owner: true, created: false, setup, opponent: null, moves: 0,
    score: [0, 0], over: false, createdAt: now, updatedAt: now,
  };
}

/** A room to join by a typed code; null with the reason when the code is not one. */
export function makeGuestRoom(typed: string, now: number): { room: SavedRoom } | { error: string } {
  const c = parseCode(typed);
  if (!c.ok) return { error: c.error.message };
  return {
    room: {
      code: c.value, secret: generateSecret(), owner: false, created: true, setup: null, opponent: null, moves: 0,
      score: [0, 0], over: false, createdAt: now, updatedAt: now,
    },
  };
}

export { parseCode };
