export * from "./base64.js";
export * from "./code.js";
export * from "./kdf.js";
export * from "./envelope.js";
