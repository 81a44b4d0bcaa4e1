/** Ranked play's pure rules, shared by the server and the client. */
export * from "./types.js";
export * from "./match.js";
export * from "./settle.js";
export * from "./view.js";
