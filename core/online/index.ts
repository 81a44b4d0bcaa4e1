/**
 * Friend games from one player's side, for the web client and the tests alike:
 *
 * ```ts
 * const code = generateCode();                       // or parseCode(typed) → Result
 * const s = createFriendSession({                    // the room key comes from a CPace exchange over the code
 *   url: "wss://…/ws", socket: (u) => new WebSocket(u), code, mode: "create",
 *   profile: { name, avatar }, setup: { game: "togyz", options: {}, bestOf: 3 },
 *   snapshot: saved?.snapshot,                       // after every change: save s.snapshot() (plain
 * });                                                 // JSON) with the code for Resume → Continue
 * const off = s.subscribe((e) => { … s.view() … }); // "change", "applied" (with the move's trace),
 * s.move(3); s.chat("hi"); s.pause(true);            // "rejected", "error", "request"
 * s.dispose();
 * ```
 *
 * The guest uses `mode: "join"` (no setup); its board is turned with `engineSeat(view.game, seat)`.
 */
export * from "./transport.js";
export * from "./payload.js";
export * from "./friend/game.js";
export * from "./friend/session.js";
