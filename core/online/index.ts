export * from "./transport.js";
export * from "./payload.js";
export * from "./game.js";
export * from "./session.js";
