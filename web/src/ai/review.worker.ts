/// <reference lib="webworker" />
/** The engine review's thread: one job at a time, a message per position reviewed. */
import { reviewGame, type ReviewJob, type ReviewMessage } from "./review.js";

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<ReviewJob>): void => {
  const job = e.data;
  const send = (m: ReviewMessage): void => scope.postMessage(m);
  try {
    reviewGame(job, (p) => send({ id: job.id, t: "ply", ...p }));
    send({ id: job.id, t: "done" });
  } catch (err) {
    send({ id: job.id, t: "error", error: err instanceof Error ? err.message : String(err) });
  }
};
