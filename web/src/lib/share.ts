/** Sharing a room code: the Web Share API where the browser has it, else the clipboard. */
import type { Settings as RoomSetup } from "../../../core/online/friend/game.js";
import { inviteToken } from "./invite.js";

export type Shared = "shared" | "copied" | "cancelled" | "failed";

export async function shareText(title: string, text: string, url?: string): Promise<Shared> {
  const nav = navigator as Navigator & {
    share?: (d: ShareData) => Promise<void>;
    canShare?: (d: ShareData) => boolean;
  };
  const data: ShareData = url === undefined ? { title, text } : { title, text, url };
  if (typeof nav.share === "function" && (nav.canShare?.(data) ?? true)) {
    try {
      await nav.share(data);
      return "shared";
    } catch (e) {
      if (e instanceof Error && e.name === "AbortError") return "cancelled";
    }
  }
  try {
    await navigator.clipboard.writeText(url === undefined ? text : `${text} ${url}`);
    return "copied";
  } catch {
    return "failed";
  }
}

/**
 * The address that opens the join screen with `code` filled in and, when known, the game the owner
 * set up named (lib/invite.ts): both in the fragment, which no server sees.
 */
export function joinLink(code: string, setup: RoomSetup | null = null): string {
  const named = setup === null ? "" : `_${inviteToken(setup)}`;
  return `${location.origin}${location.pathname}#/join/${code}${named}`;
}
