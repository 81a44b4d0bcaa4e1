export * from "./errors.js";
export * from "./envelope.js";
export * from "./friend.js";
export * from "./ranked.js";
