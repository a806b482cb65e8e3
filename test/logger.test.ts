import { describe, expect, test } from "vitest";
import { registerSecret, scrubSecrets } from "../src/logger.js";
import { captureLogs } from "./support/log-capture.js";

describe("logger", () => {
  test("registered secrets never appear in a log line, wherever they are", () => {
    registerSecret("super-secret-bot-token");
    const { logger, text } = captureLogs();
    logger.info(
      { err: new Error("auth failed for super-secret-bot-token") },
      "login with super-secret-bot-token",
    );
    expect(text()).not.toContain("super-secret-bot-token");
    expect(text()).toContain("[redacted]");
  });

  test("interaction tokens in webhook and interaction URLs are redacted", () => {
    const token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OmFiY2RlZmdoaWprbG1ub3A";
    expect(scrubSecrets(`PATCH /api/v10/webhooks/123456789012345678/${token}/messages/@original`)).toBe(
      "PATCH /api/v10/webhooks/123456789012345678/[redacted]/messages/@original",
    );
    expect(scrubSecrets(`/interactions/123456789012345678/${token}/callback`)).not.toContain(token);
  });

  test("fields named like credentials are redacted", () => {
    const { logger, text } = captureLogs();
    logger.info(
      { token: "abc", headers: { authorization: "Bearer xyz" }, interactionToken: "tok" },
      "request",
    );
    expect(text()).not.toMatch(/"abc"|Bearer xyz|"tok"/);
  });
});
