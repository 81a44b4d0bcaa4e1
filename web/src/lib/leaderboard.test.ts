import { describe, expect, test } from "vitest";
import { HTTP_ERROR_STATUS } from "../../../core/protocol/errors.js";
import { EN } from "../i18n/en.js";
import { httpErrorKey } from "./leaderboard.js";

describe("the HTTP API's refusals as messages", () => {
  test("every code of the server's table has its own message in the catalogue", () => {
    for (const code of Object.keys(HTTP_ERROR_STATUS)) {
      const key = httpErrorKey({ error: { code, message: "x" } });
      expect(EN[key], code).toBeTypeOf("string");
    }
    expect(httpErrorKey({ error: { code: "player/not_found" } })).toBe("error.server.notFound");
    expect(httpErrorKey({ error: { code: "rate/limited" } })).toBe("error.server.rate");
    expect(httpErrorKey({ error: { code: "query/bad_cursor" } })).toBe("error.server.invalid");
  });

  test("an unknown code, a body without one, or no body is a plain refusal", () => {
    for (const body of [{ error: { code: "toString" } }, { error: { code: "x/y" } }, { message: "no" }, null, "text"])
      expect(httpErrorKey(body)).toBe("error.server.refused");
  });
});
