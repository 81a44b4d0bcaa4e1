import { describe, expect, test } from "vitest";
import { BUNDLE_LIMIT_BYTES, HANDLERS, bundleSize } from "./bundles.js";

describe("Lambda bundles", () => {
  test.each(HANDLERS)("%s bundles to under 250 KB minified", async (entry) => {
    const size = await bundleSize(entry);
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThan(BUNDLE_LIMIT_BYTES);
  });
});
