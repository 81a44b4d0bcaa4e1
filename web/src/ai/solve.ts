/** Runs one job against the AI in whatever thread imports this (the worker, or tests). */
import { chooseMove, hint } from "../../../core/ai/index.js";
import { newGame, playAll } from "../../../core/games/index.js";
import type { AiJob, AiReply } from "./protocol.js";

/** How long the strongest level may think, in milliseconds. */
const CRAZY_TIME_MS = 1500;

export function solve(job: AiJob): AiReply {
  const start = newGame(job.game, job.options);
  if (!start.ok) return { id: job.id, ok: false, error: start.error.message };
  const s = playAll(start.value, job.moves);
  if (!s.ok) return { id: job.id, ok: false, error: s.error.message };
  try {
    if (job.kind === "hint") {
      const h: unknown = hint(s.value);
      const move = typeof h === "number" ? h : (h as { move: number }).move;
      return { id: job.id, ok: true, move };
    }
    const r = chooseMove(s.value, job.level, {
      seed: job.seed,
      ...(job.level === "crazy" ? { timeMs: CRAZY_TIME_MS } : {}),
    });
    return { id: job.id, ok: true, move: r.move };
  } catch (e) {
    return { id: job.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
