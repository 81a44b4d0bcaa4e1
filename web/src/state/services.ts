/** App-wide services that are not stores: the computer opponent and the sound. */
import type { AiClient } from "../ai/protocol.js";
import type { Sound } from "../present/sound.js";
import { makeStoreContext } from "./context.js";
import type { KeyValue } from "../lib/persist.js";

export interface Services {
  readonly ai: AiClient;
  readonly sound: Sound;
  readonly storage: KeyValue;
}

export const ServicesContext = makeStoreContext<Services>("useServices");
export const useServices = ServicesContext.use;
