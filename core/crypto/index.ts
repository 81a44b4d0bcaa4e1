export * from "./base64.js";
export * from "./code.js";
export * from "./cpace.js";
export * from "./handshake.js";
export * from "./envelope.js";
