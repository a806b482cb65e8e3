import { describe, expect, test } from "vitest";
import { tryAgainCodec } from "../../../commands/imagine/try-again-id.js";
import { mayTryAgain } from "../../../commands/imagine/try-again-rows.js";
import { UserError } from "../../../src/errors.js";
import { RefusedError } from "../../../src/admission/admission.js";
import { ServiceError } from "../../../src/service/errors.js";

describe("tryAgainCodec", () => {
  test("carries the refused interaction's id", () => {
    expect(tryAgainCodec.encode("1300000000000000001")).toBe("retry:1300000000000000001");
    expect(tryAgainCodec.decode("retry:1300000000000000001")).toBe("1300000000000000001");
  });

  test.each(["retry:", "retry:abc", "retry:1:2", "retries:1", `retry:${"1".repeat(26)}`])(
    "%s is not one of its ids",
    (id) => {
      expect(tryAgainCodec.decode(id)).toBeNull();
    },
  );

  test("refuses to write an id that is not a Discord id", () => {
    expect(() => tryAgainCodec.encode("a prompt")).toThrow(RangeError);
  });
});

describe("mayTryAgain", () => {
  test.each([
    ["a usage limit", new RefusedError({ code: "user-active", active: 2, limit: 2 }), true],
    [
      "the service unhealthy",
      new RefusedError({ code: "service-unhealthy", status: "unhealthy", detail: null }),
      true,
    ],
    ["the service unavailable", new ServiceError("server", "503"), true],
    ["another refusal", new UserError("no"), true],
    [
      "banned words",
      new RefusedError({ code: "banned-words", list: "owner", matched: "gore", inDm: false }),
      false,
    ],
  ])("%s: %s", (_what, err, expected) => {
    expect(mayTryAgain(err)).toBe(expected);
  });
});
