/** The last chat line read in each friend room, kept on the device (the 40 most recent rooms). */
import { readJson, writeJson, type KeyValue } from "../lib/persist.js";

const READ_KEY = "chatread.v1";
const ROOMS_KEPT = 40;

export interface ChatReads {
  load(code: string): number;
  save(code: string, seq: number): void;
}

export function chatReads(storage: KeyValue): ChatReads {
  const marks = (): Record<string, number> => {
    const raw = readJson(storage, READ_KEY);
    return raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, number>) : {};
  };
  return {
    load: (code) => {
      const n = Number(marks()[code]);
      return Number.isSafeInteger(n) && n > 0 ? n : 0;
    },
    save(code, seq) {
      const m = marks();
      delete m[code];
      m[code] = seq;
      writeJson(storage, READ_KEY, Object.fromEntries(Object.entries(m).slice(-ROOMS_KEPT)));
    },
  };
}
