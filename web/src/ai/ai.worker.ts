/// <reference lib="webworker" />
/** The computer opponent's thread: the page never freezes while it thinks. */
import { setTableSize } from "../../../core/ai/index.js";
import type { AiJob } from "./protocol.js";
import { solve } from "./solve.js";

// The search's transposition table, sized by what the device reports (`navigator.deviceMemory`, in
// GB, where the browser tells): 64 MB from 4 GB up, 32 MB from 2 GB, else 16 MB.
const gb = (navigator as Navigator & { deviceMemory?: number }).deviceMemory ?? 2;
setTableSize(gb >= 4 ? 64 : gb >= 2 ? 32 : 16);

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<AiJob>): void => {
  scope.postMessage(solve(e.data));
};
