/**
 * Sounds made on the fly with WebAudio (no recorded files): a wooden tock per seed, a rising chime
 * for captures, a fanfare for a tuzdyk and a short phrase at the end of a game.
 */
import type { Cue } from "./animate.js";

export interface Sound {
  play(cue: Cue, n: number): void;
  dispose(): void;
}

type AudioCtor = typeof AudioContext;

export function createSound(enabled: () => boolean): Sound {
  let ctx: AudioContext | null = null;
  const audio = (): AudioContext | null => {
    if (!enabled()) return null;
    if (ctx === null) {
      const C =
        (globalThis as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor }).AudioContext ??
        (globalThis as { webkitAudioContext?: AudioCtor }).webkitAudioContext;
      if (C === undefined) return null;
      try {
        ctx = new C();
      } catch {
        return null;
      }
    }
    if (ctx.state === "suspended") void ctx.resume();
    return ctx;
  };

  const tone = (a: AudioContext, freq: number, at: number, dur: number, type: OscillatorType, gain: number): void => {
    const o = a.createOscillator();
    const g = a.createGain();
    o.type = type;
    o.frequency.setValueAtTime(freq, a.currentTime + at);
    g.gain.setValueAtTime(0.0001, a.currentTime + at);
    g.gain.exponentialRampToValueAtTime(gain, a.currentTime + at + 0.008);
    g.gain.exponentialRampToValueAtTime(0.0001, a.currentTime + at + dur);
    o.connect(g).connect(a.destination);
    o.start(a.currentTime + at);
    o.stop(a.currentTime + at + dur + 0.02);
  };

  let lastTick = 0;
  return {
    play(cue, n) {
      const a = audio();
      if (a === null) return;
      const now = a.currentTime;
      switch (cue) {
        case "sow":
          if (now - lastTick < 0.03) return; // very fast sowing: keep it a patter, not a buzz
          lastTick = now;
          tone(a, 520 + ((n * 37) % 180), 0, 0.07, "triangle", 0.18);
          break;
        case "lift":
          tone(a, 300, 0, 0.09, "sine", 0.12);
          break;
        case "capture":
          tone(a, 660, 0, 0.12, "sine", 0.2);
          tone(a, 880, 0.08, 0.16, "sine", 0.18);
          break;
        case "tuzdyk":
          [523, 659, 784, 1047].forEach((f, i) => tone(a, f, i * 0.09, 0.22, "triangle", 0.22));
          break;
        case "pass":
          tone(a, 220, 0, 0.2, "sine", 0.12);
          break;
        case "end":
          (n === -1 ? [440, 440, 440] : [392, 523, 659]).forEach((f, i) => tone(a, f, i * 0.14, 0.3, "triangle", 0.2));
          break;
      }
    },
    dispose() {
      void ctx?.close();
      ctx = null;
    },
  };
}
