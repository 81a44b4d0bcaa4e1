/** Derives a friend room's id and key off the page's thread (scrypt takes a noticeable moment). */
import { deriveRoomSync, parseCode } from "../../../core/crypto/index.js";

self.onmessage = (e: MessageEvent<{ code: unknown }>): void => {
  const code = parseCode(e.data.code);
  if (!code.ok) {
    self.postMessage({ error: code.error.message });
    return;
  }
  const k = deriveRoomSync(code.value);
  (self as unknown as { postMessage(m: unknown, t: Transferable[]): void }).postMessage({ roomId: k.roomId, key: k.key }, [k.key.buffer]);
};
