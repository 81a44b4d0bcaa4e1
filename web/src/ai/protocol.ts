/** Messages between the page and the computer-opponent worker. */
import type { GameId } from "../../../core/types.js";
import type { LevelId } from "../present/levels.js";

export interface AiRequest {
  readonly game: GameId;
  readonly options: Readonly<Record<string, number | boolean>> | undefined;
  /** Every move of the game so far: the worker replays them (Ayo's repetition rule needs the history). */
  readonly moves: readonly number[];
  readonly level: LevelId;
  readonly seed: number;
}

export type AiJob = AiRequest & { readonly id: number; readonly kind: "move" | "hint" };

export type AiReply =
  | { readonly id: number; readonly ok: true; readonly move: number }
  | { readonly id: number; readonly ok: false; readonly error: string };

export interface AiClient {
  /** The computer's move for the position after `moves`. */
  move(req: AiRequest): Promise<number>;
  /** A suggested move for the player to move. */
  hint(req: AiRequest): Promise<number>;
  dispose(): void;
}
