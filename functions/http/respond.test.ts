import { describe, expect, test } from "vitest";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { callerNetwork, isJson } from "./respond.js";

function event(headers: Record<string, string>, sourceIp = "130.176.1.2"): APIGatewayProxyEventV2 {
  return { headers, requestContext: { http: { sourceIp } } } as unknown as APIGatewayProxyEventV2;
}

describe("HTTP handlers read the request behind CloudFront", () => {
  test.each([
    ["an IPv4 viewer", { "cloudfront-viewer-address": "198.51.100.10:46532" }, "198.51.100.10"],
    ["an IPv6 viewer: its /64", { "cloudfront-viewer-address": "2001:db8::8a2e:370:7334:443" }, "2001:db8:0:0::/64"],
    ["another address of that /64", { "cloudfront-viewer-address": "2001:db8:0:0:1::9:443" }, "2001:db8:0:0::/64"],
    [
      "an IPv4-mapped viewer: the IPv4 address",
      { "cloudfront-viewer-address": "::ffff:198.51.100.7:80" },
      "198.51.100.7",
    ],
    ["no CloudFront header: the connection's address", {}, "130.176.1.2"],
    ["a header that is no address", { "cloudfront-viewer-address": "<script>:1" }, "130.176.1.2"],
  ])("caller network: %s", (_name, headers, want) => {
    expect(callerNetwork(event(headers))).toBe(want);
  });

  test.each([
    ["application/json", true],
    ["application/json; charset=utf-8", true],
    ["Application/JSON", true],
    ["text/plain", false],
    ["application/x-www-form-urlencoded", false],
    ["multipart/form-data; boundary=x", false],
    ["application/jsonp", false],
  ])("content-type %s is JSON: %s", (type, want) => {
    expect(isJson(event({ "content-type": type }))).toBe(want);
  });

  test("no content-type is not JSON", () => {
    expect(isJson(event({}))).toBe(false);
  });
});
