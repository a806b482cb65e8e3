import { describe, expect, test } from "vitest";
import { isJsonContentType } from "../../src/http/respond.js";

describe("isJsonContentType", () => {
  test.each([
    { header: "application/json", json: true },
    { header: "application/json; charset=utf-8", json: true },
    { header: "Application/JSON", json: true },
    { header: " application/json ;charset=UTF-8", json: true },
    { header: "application/vnd.api+json", json: true },
    { header: "text/json", json: false },
    { header: "text/plain", json: false },
    { header: "application/jsonp", json: false },
    { header: "multipart/form-data; boundary=x", json: false },
    { header: "", json: false },
    { header: undefined, json: false },
  ])("reads $header as JSON: $json", ({ header, json }) => {
    expect(isJsonContentType(header)).toBe(json);
  });
});
