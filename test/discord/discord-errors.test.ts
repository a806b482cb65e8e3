import { DiscordAPIError, HTTPError, RateLimitError, RESTJSONErrorCodes } from "discord.js";
import { describe, expect, test } from "vitest";
import { classifyDiscordError, toDeliveryError } from "../../src/discord/discord-errors.js";
import { DeliveryError, type DeliveryErrorKind } from "../../src/jobs/delivery-error.js";

function apiError(code: number, status: number): DiscordAPIError {
  return new DiscordAPIError({ code, message: `error ${code}` }, code, status, "PATCH", "/x", {});
}

describe("classifying Discord's answers into the one delivery vocabulary", () => {
  test.each<{ code: number; status: number; kind: DeliveryErrorKind }>([
    { code: RESTJSONErrorCodes.UnknownMessage, status: 404, kind: "message-gone" },
    { code: RESTJSONErrorCodes.UnknownChannel, status: 404, kind: "message-gone" },
    { code: RESTJSONErrorCodes.UnknownWebhook, status: 404, kind: "message-gone" },
    { code: RESTJSONErrorCodes.InvalidWebhookToken, status: 401, kind: "token-expired" },
    { code: RESTJSONErrorCodes.UnknownInteraction, status: 404, kind: "token-expired" },
    { code: RESTJSONErrorCodes.MissingAccess, status: 403, kind: "no-access" },
    { code: RESTJSONErrorCodes.MissingPermissions, status: 403, kind: "no-access" },
    { code: RESTJSONErrorCodes.CannotSendMessagesToThisUser, status: 403, kind: "no-access" },
    { code: RESTJSONErrorCodes.CannotEditMessageAuthoredByAnotherUser, status: 403, kind: "no-access" },
    { code: RESTJSONErrorCodes.InvalidFormBodyOrContentType, status: 400, kind: "invalid" },
    { code: 0, status: 401, kind: "token-expired" },
    { code: 0, status: 429, kind: "transient" },
    { code: 0, status: 502, kind: "transient" },
  ])("Discord's $code (HTTP $status) is $kind", ({ code, status, kind }) => {
    const err = apiError(code, status);
    expect(classifyDiscordError(err)).toBe(kind);
    expect(toDeliveryError(err, "interaction")).toMatchObject({ kind, route: "interaction", cause: err });
  });

  test.each([
    { name: "a 5xx without a JSON body", err: new HTTPError(503, "Service Unavailable", "PATCH", "/x", {}) },
    { name: "a network error", err: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) },
    { name: "something that is not an Error", err: "aborted" },
  ])("$name is transient", ({ err }) => {
    expect(classifyDiscordError(err)).toBe("transient");
  });

  test("a rate limit is transient and carries when to come back", () => {
    const err = new RateLimitError({
      timeToReset: 5_000,
      limit: 5,
      method: "PATCH",
      hash: "h",
      url: "/x",
      route: "/x",
      majorParameter: "1",
      global: false,
      retryAfter: 5_000,
      sublimitTimeout: 0,
      scope: "user",
    });
    expect(toDeliveryError(err, "channel-edit")).toMatchObject({ kind: "transient", retryAfterMs: 5_000 });
  });

  test("a DeliveryError is passed through unchanged", () => {
    const err = new DeliveryError("unreachable", "nowhere");
    expect(toDeliveryError(err)).toBe(err);
  });
});
