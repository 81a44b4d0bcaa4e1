/**
 * CPace against the published test vector of the CFRG draft (cfrg/draft-irtf-cfrg-cpace,
 * draft-irtf-cfrg-cpace.md, "Test vector for CPace using group ristretto255 and hash SHA-512", the
 * revision whose generator is 5e25411c…: older revisions printed a generator from an earlier map),
 * and its refusals of invalid shares.
 */
import { describe, expect, test } from "vitest";
import {
  calculateGenerator,
  deriveIsk,
  generatorString,
  makeShare,
  parsePrefixFree,
  prefixFreeCat,
  prependLen,
  scalarFromBytes,
  scalarMultVfy,
} from "./cpace.js";

const hex = (s: string): Uint8Array =>
  Uint8Array.from(
    s
      .replace(/\s+/g, "")
      .match(/../g)!
      .map((b) => parseInt(b, 16)),
  );
const toHex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const enc = new TextEncoder();

// The draft's inputs.
const inputs = {
  prs: enc.encode("Password"),
  ci: hex("0a41696e69746961746f720a42726573706f6e646572"),
  sid: hex("7e4b4791d6a8ef019b936c79fb7f2c57"),
};
const ya = scalarFromBytes(hex("da3d23700a9e5699258aef94dc060dfda5ebb61f02a5ea77fad53f4ff0976d08"));
const yb = scalarFromBytes(hex("d2316b454718c35362d83d69df6320f38578ed5984651435e2949762d900b80d"));

describe("CPace ristretto255/SHA-512, the draft's test vector", () => {
  test("string utilities", () => {
    expect(toHex(prependLen(new Uint8Array(0)))).toBe("00");
    expect(toHex(prependLen(enc.encode("1234")))).toBe("0431323334");
    expect(toHex(prependLen(Uint8Array.from({ length: 128 }, (_, i) => i)).subarray(0, 3))).toBe("800100");
    expect(toHex(prefixFreeCat(enc.encode("1234"), enc.encode("5"), new Uint8Array(0), enc.encode("6789")))).toBe(
      "04313233340135000436373839",
    );
    for (const bad of ["ffffff", "ffff03", "00ffff03", "00ffffff"]) expect(parsePrefixFree(hex(bad), 2)).toBeNull();
  });

  test("generator string and generator", () => {
    const gs = generatorString(inputs.prs, inputs.ci, inputs.sid);
    expect(gs.length).toBe(168);
    expect(toHex(gs)).toBe(
      "11435061636552697374726574746f3235350850617373776f726464" +
        "00".repeat(100) +
        "160a41696e69746961746f720a42726573706f6e646572107e4b4791d6a8ef019b936c79fb7f2c57",
    );
    expect(toHex(calculateGenerator(inputs.prs, inputs.ci, inputs.sid).toBytes())).toBe(
      "5e25411ca1ad7c9debfd0b33ad987a95cefef2d3f15dcc8bd26415a5dfe2e15a",
    );
  });

  test("both public shares, K and the initiator/responder ISK", () => {
    const a = makeShare(inputs, enc.encode("ADa"), ya);
    const b = makeShare(inputs, enc.encode("ADb"), yb);
    expect(toHex(a.msg)).toBe("20383a85dd236978f17f8c8545b50dabc52a39fcdab2cf8bc531ce040ff77ca82d03414461");
    expect(toHex(b.msg)).toBe("20a6206309c0e8e5f579295e35997ac4300ab3fecec3c17f7b604f3e698fa1383c03414462");
    const K = "fa1d0318864e2cacb26875f1b791c9ae83204fe8359addb53e95a2e98893853f";
    expect(toHex(scalarMultVfy(ya, parsePrefixFree(b.msg, 2)![0])!)).toBe(K);
    expect(toHex(scalarMultVfy(yb, parsePrefixFree(a.msg, 2)![0])!)).toBe(K);
    const isk =
      "e91ccb2c0f5e0d0993a33956e3be59754f3f2b07db57631f5394452ea2e7b4354674eb1f5686c078462bf83bec72e8743df440108e638f3526d9b90e85be096f";
    const ka = deriveIsk(inputs, ya, a.msg, b.msg, true);
    const kb = deriveIsk(inputs, yb, a.msg, b.msg, false);
    expect(ka.ok && toHex(ka.value.isk)).toBe(isk);
    expect(kb.ok && toHex(kb.value.isk)).toBe(isk);
    if (ka.ok && kb.ok) {
      expect(toHex(ka.value.ta)).toBe(toHex(kb.value.ta));
      expect(toHex(ka.value.tb)).toBe(toHex(kb.value.tb));
      expect(toHex(ka.value.ta)).not.toBe(toHex(ka.value.tb));
    }
  });

  test("the draft's valid scalar_mult case, and its invalid shares give the neutral element (refused)", () => {
    const s = scalarFromBytes(hex("7cd0e075fa7955ba52c02759a6c90dbbfc10e6d40aea8d283e407d88cf538a05"));
    expect(toHex(scalarMultVfy(s, hex("2c3c6b8c4f3800e7aef6864025b4ed79bd599117e427c41bd47d93d654b4a51c"))!)).toBe(
      "7c13645fe790a468f62c39beb7388e541d8405d1ade69d1778c5fe3e7f6b600e",
    );
    expect(scalarMultVfy(s, hex("2b3c6b8c4f3800e7aef6864025b4ed79bd599117e427c41bd47d93d654b4a51c"))).toBeNull();
    expect(scalarMultVfy(s, new Uint8Array(32))).toBeNull();
    const a = makeShare(inputs, enc.encode("ADa"), ya);
    const bad = prefixFreeCat(new Uint8Array(32), enc.encode("ADb"));
    expect(deriveIsk(inputs, ya, a.msg, bad, true)).toMatchObject({ ok: false, error: { code: "crypto/bad_share" } });
    expect(deriveIsk(inputs, ya, a.msg, hex("ffff03"), true).ok).toBe(false);
  });

  test("a different password gives a different key and tags that do not match", () => {
    const a = makeShare(inputs, enc.encode("ADa"));
    const wrong = { ...inputs, prs: enc.encode("Passwort") };
    const b = makeShare(wrong, enc.encode("ADb"));
    const ka = deriveIsk(inputs, a.y, a.msg, b.msg, true);
    const kb = deriveIsk(wrong, b.y, a.msg, b.msg, false);
    expect(ka.ok && kb.ok).toBe(true);
    if (ka.ok && kb.ok) {
      expect(toHex(ka.value.isk)).not.toBe(toHex(kb.value.isk));
      expect(toHex(ka.value.ta)).not.toBe(toHex(kb.value.ta));
    }
  });
});
