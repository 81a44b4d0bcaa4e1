/**
 * The computer player: `chooseMove(state, level)` for the four levels and `hint(state)` for the
 * client. Pure and synchronous (runs in a Web Worker, a Lambda or a test); see `levels.ts` for what
 * each level does, `search.ts` for the search and `evaluate.ts` for the game knowledge.
 */
export {
  LEVELS,
  chooseMove,
  decide,
  hint,
  setTableSize,
  tableBytes,
  type Level,
  type SearchOptions,
} from "./levels.js";
export { MATE_BOUND } from "./search.js";
