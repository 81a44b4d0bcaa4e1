/**
 * Starts an engine review in its own worker (started per review and stopped when it ends or is
 * cancelled, so it never slows the computer opponent's worker); inline where there are no workers.
 */
import type { PlyReview } from "./mistakes.js";
import type { ReviewJob, ReviewMessage } from "./review.js";

export interface ReviewHandle {
  readonly done: Promise<void>;
  cancel(): void;
}

let nextId = 1;

export function startReview(job: Omit<ReviewJob, "id">, onPly: (p: PlyReview) => void): ReviewHandle {
  const full: ReviewJob = { ...job, moves: [...job.moves], options: { ...job.options }, id: nextId++ };
  if (typeof Worker === "undefined") {
    let cancelled = false;
    const done = import("./review.js").then(({ reviewGame }) =>
      reviewGame(full, (p) => (cancelled ? undefined : onPly(p))),
    );
    return { done, cancel: () => void (cancelled = true) };
  }
  const worker = new Worker(new URL("./review.worker.ts", import.meta.url), { type: "module" });
  let finish: () => void = () => undefined;
  let fail: (e: Error) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  worker.onmessage = (e: MessageEvent<ReviewMessage>) => {
    const m = e.data;
    if (m.id !== full.id) return;
    if (m.t === "ply") onPly({ ply: m.ply, score: m.score, best: m.best });
    else {
      worker.terminate();
      if (m.t === "done") finish();
      else fail(new Error(m.error));
    }
  };
  worker.onerror = (e) => {
    worker.terminate();
    fail(new Error(e.message || "the review stopped"));
  };
  worker.postMessage(full);
  return {
    done,
    cancel() {
      worker.terminate();
      finish();
    },
  };
}
