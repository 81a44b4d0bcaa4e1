import { describe, expect, test } from "vitest";
import { fingerprint, unreviewedKeys } from "./review.js";
import { REVIEWED } from "./reviewed.js";

describe("review state per key", () => {
  test("a key is reviewed only with the fingerprint of its very text; a changed text is unreviewed again", () => {
    const reviewed = { a: fingerprint("Rombo rakanaka!"), b: fingerprint("Mhanya zvakanaka!") };
    const texts = { a: "Rombo rakanaka!", b: "Rombo rakanaka!", c: "Zano" };
    expect(unreviewedKeys("sn", texts, reviewed)).toEqual(["b", "c"]);
    expect(fingerprint("é")).toBe(fingerprint("e\u0301"));
    expect(fingerprint("a")).not.toBe(fingerprint("b"));
  });

  test("every language has a review list, each entry a fingerprint", () => {
    expect(Object.keys(REVIEWED).sort()).toEqual(["kk", "ky", "ru", "sn", "yo"]);
    for (const m of Object.values(REVIEWED)) for (const f of Object.values(m)) expect(f).toMatch(/^[0-9a-f]{8}$/);
  });
});
