import { describe, expect, test } from "vitest";
import { ServiceError, type ServiceErrorInit, type ServiceErrorKind } from "../../src/service/errors.js";
import { describeServiceError, redactServiceText } from "../../src/render/service-errors.js";
import { english } from "../../src/i18n/translate.js";

const SECRET = "sk_live_very_secret_token";
const INTERNAL = "http://10.0.0.5:8055/items/images";
/** Every error carries secrets in the fields that must never be shown. */
function serviceError(kind: ServiceErrorKind, init: ServiceErrorInit = {}): ServiceError {
  return new ServiceError(kind, `POST ${INTERNAL} failed with Bearer ${SECRET}`, {
    request: `POST ${INTERNAL}`,
    ...init,
  });
}

describe("describeServiceError", () => {
  test.each<[ServiceErrorKind, ServiceErrorInit, string, string, boolean]>([
    [
      "unauthorized",
      { status: 401, code: "INVALID_CREDENTIALS" },
      "The bot is misconfigured",
      "An admin has been told",
      false,
    ],
    [
      "forbidden",
      { status: 403, code: "FORBIDDEN" },
      "The bot is misconfigured",
      "An admin has been told",
      false,
    ],
    [
      "quota",
      { status: 429, code: "IMAGE_ERROR" },
      "The image quota is used up",
      "used up its image quota",
      false,
    ],
    [
      "rate-limited",
      { status: 429, retryAfterMs: 12_300 },
      "The image service is busy",
      "Try again in 13 s.",
      true,
    ],
    ["rate-limited", { status: 429 }, "The image service is busy", "Try again in a minute.", true],
    [
      "rate-limited",
      { status: 429, retryAfterMs: 0 },
      "The image service is busy",
      "Try again in a minute.",
      true,
    ],
    [
      "validation",
      { status: 400, code: "FAILED_VALIDATION", serviceMessage: 'Value for field "prompt" is too long.' },
      "The prompt was refused",
      'The image service refused this prompt: “Value for field "prompt" is too long.”. Change the prompt',
      false,
    ],
    [
      "validation",
      { status: 400 },
      "The prompt was refused",
      "The image service refused this prompt. Change",
      false,
    ],
    // A 500 gives no reason (a self-hosted server answers it to a body it does not accept): nothing promised.
    ["server", { status: 500 }, "The image service failed", "trying again may not help", false],
    ["server", { status: 503 }, "The image service is unavailable", "Try again in a few minutes.", true],
    ["not-json", { status: 502 }, "The image service is unavailable", "Try again in a few minutes.", true],
    [
      "invalid-response",
      { status: 200 },
      "The image service is unavailable",
      "Try again in a few minutes.",
      true,
    ],
    [
      "network",
      { connectFailed: true },
      "The image service is unavailable",
      "Try again in a few minutes.",
      true,
    ],
    ["timeout", {}, "The image service is unavailable", "Try again in a few minutes.", true],
  ])("explains %s (%j)", (kind, init, title, message, retryable) => {
    const described = describeServiceError(english, serviceError(kind, init));
    expect(described.title).toBe(title);
    expect(described.message).toContain(message);
    expect(described.retryable).toBe(retryable);
    expect(JSON.stringify(described)).not.toMatch(/sk_live|10\.0\.0\.5|Bearer/);
  });

  test("removes links and tokens from the service's message, and escapes its markdown", () => {
    const described = describeServiceError(
      english,
      serviceError("validation", { serviceMessage: `Bad *prompt* near ${INTERNAL}, auth Bearer ${SECRET}` }),
    );
    expect(described.message).toContain("Bad \\*prompt\\* near \\[link\\], auth Bearer \\[hidden\\]");
    expect(described.message).not.toContain(SECRET);
  });

  test("shortens a very long service message", () => {
    const described = describeServiceError(
      english,
      serviceError("validation", { serviceMessage: "m".repeat(5000) }),
    );
    expect(described.message.length).toBeLessThan(700);
  });
});

describe("redactServiceText", () => {
  test.each([
    ["see https://internal.example/x?token=1 now", "see [link] now"],
    ["Authorization: Bearer abc.def", "Authorization: Bearer [hidden]"],
    ["s3://bucket/key", "[link]"],
    ["at https://a.example/x. Then", "at [link]. Then"],
    ["multi\n  line", "multi line"],
    ["plain words", "plain words"],
  ])("turns %j into %j", (text, expected) => {
    expect(redactServiceText(text)).toBe(expected);
  });
});
