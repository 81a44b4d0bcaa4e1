/**
 * The computer player: `chooseMove(state, level)` for the four levels and `hint(state)` for the
 * client. Pure and synchronous (runs in a Web Worker, a Lambda or a test); see `levels.ts` for what
 * each level does, `search.ts` for the search and `evaluate.ts` for the game knowledge.
 */
export {
  LEVELS,
  LEVEL_SPECS,
  chooseMove,
  decide,
  hint,
  setTableSize,
  tableBytes,
  type Decision,
  type Level,
  type LevelSpec,
  type SearchOptions,
  type SearchResult,
} from "./levels.js";
export { MATE, MATE_BOUND } from "./search.js";
export { SEED } from "./evaluate.js";
