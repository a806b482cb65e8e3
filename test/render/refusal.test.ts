import { describe, expect, test } from "vitest";
import type { AdmissionRefusal } from "../../src/admission/admission.js";
import type { UsageRefusal } from "../../src/moderation/usage-limits.js";
import { renderAdmissionRefusal, renderPaused, renderUsageRefusal } from "../../src/render/refusal.js";
import { english } from "../../src/i18n/translate.js";

const NOW = 1_714_557_600_000;

describe("renderUsageRefusal", () => {
  test.each<[string, UsageRefusal, string]>([
    [
      "a user at a limit of 1",
      { code: "user-active", active: 1, limit: 1 },
      "You already have 1 image being generated, the most you can run at once (1). " +
        "You can start another one when one of them finishes.",
    ],
    [
      "a user at a limit of 2",
      { code: "user-active", active: 2, limit: 2 },
      "You already have 2 images being generated, the most you can run at once (2). " +
        "You can start another one when one of them finishes.",
    ],
    [
      "a full server",
      { code: "guild-active", active: 3, limit: 3 },
      "This server already has 3 images being generated, the most it can run at once (3). " +
        "Please try again when one of them finishes.",
    ],
    [
      "a user in cooldown, as a live relative timestamp rounded up to the second",
      { code: "cooldown", cooldownMs: 10_000, retryAt: NOW + 8_500, remainingMs: 8_500 },
      `Please wait 10 seconds between images. You can start another image <t:${(NOW + 9_000) / 1000}:R>.`,
    ],
    [
      "a cooldown ending at a time Discord cannot show, as a duration",
      { code: "cooldown", cooldownMs: 90_000, retryAt: Number.NaN, remainingMs: 61_000 },
      "Please wait 1 minute 30 seconds between images. You can start another image in 1 minute 1 second.",
    ],
  ])("tells %s", (_what, refusal, text) => {
    expect(renderUsageRefusal(english, refusal)).toBe(text);
  });
});

describe("renderAdmissionRefusal", () => {
  test.each<[string, AdmissionRefusal, string]>([
    [
      "a word of the server's list in a server, naming the word and the server's moderators' list",
      { code: "banned-words", list: "server", matched: "gore", inDm: false },
      "Your prompt was refused: `gore` is on this server's list of banned words, which its moderators keep. Please rephrase it.",
    ],
    [
      "a word of the owner's list in a server, as the owner's list, not the server's",
      { code: "banned-words", list: "owner", matched: "gore", inDm: false },
      "Your prompt was refused: `gore` is on the bot owner's list of banned words, which applies in every server and in DMs. Please rephrase it.",
    ],
    [
      "a word of the owner's list in a DM, as the bot's rule, not a server's",
      { code: "banned-words", list: "owner", matched: "gore", inDm: true },
      "Your prompt was refused: `gore` is on this bot's list of banned words. Please rephrase it.",
    ],
    [
      "a word of Midjourney's starter list, as Midjourney's rule and the account's risk",
      { code: "banned-words", list: "midjourney", matched: "gore", inDm: true },
      "Your prompt was refused: `gore` is on the starter list of words Midjourney refuses, and sending it could get the image service's account suspended. Please rephrase it.",
    ],
    [
      "an unhealthy service, with its reason",
      { code: "service-unhealthy", status: "unhealthy", detail: "maintenance" },
      "The image service reports that it is **unhealthy** (maintenance), so a new image would only wait in " +
        "the queue. Please try again later.",
    ],
    [
      "a paused service without a reason",
      { code: "service-unhealthy", status: "paused", detail: null },
      "The image service reports that it is **paused**, so a new image would only wait in the queue. " +
        "Please try again later.",
    ],
    [
      "a usage limit, as renderUsageRefusal writes it",
      { code: "guild-active", active: 10, limit: 10 },
      renderUsageRefusal(english, { code: "guild-active", active: 10, limit: 10 }),
    ],
  ])("tells %s", (_what, refusal, text) => {
    expect(renderAdmissionRefusal(english, refusal)).toBe(text);
  });

  test("quotes at most 200 characters of the service's reason", () => {
    const text = renderAdmissionRefusal(english, {
      code: "service-unhealthy",
      status: "unhealthy",
      detail: "x".repeat(500),
    });
    expect(text).toContain(`(${"x".repeat(200)})`);
    expect(text).not.toContain("x".repeat(201));
  });

  test("a banned word is shown as code, so markdown in it cannot change the message", () => {
    expect(
      renderAdmissionRefusal(english, {
        code: "banned-words",
        list: "server",
        matched: "**x**",
        inDm: false,
      }),
    ).toContain("`**x**` is on this server's list");
  });
});

describe("renderPaused", () => {
  const until = NOW + 24 * 3_600_000;
  const times = `<t:${until / 1000}:f> (<t:${until / 1000}:R>)`;

  test("in the server where it applies, a moderator can lift it", () => {
    const text = renderAdmissionRefusal(english, { code: "paused", until, refusals: 3, inDm: false });
    expect(text).toBe(renderPaused(english, 3, until, { kind: "here" }));
    expect(text).toContain(`You can't make images here until ${times}`);
    expect(text).toContain("A moderator can lift the pause.");
  });

  test("in DMs, nobody can lift it: it ends by itself", () => {
    const text = renderAdmissionRefusal(english, { code: "paused", until, refusals: 3, inDm: true });
    expect(text).toContain(`You can't make images in DMs with this bot until ${times}`);
    expect(text).toContain("The pause ends by itself; nobody can lift it sooner.");
    expect(text).not.toContain("moderator");
  });

  test.each([
    ["Paper Club", "You can't make images in **Paper Club** until"],
    [null, "You can't make images in the server where you asked until"],
  ])("a server's pause told privately (maybe by DM) names the server %j", (name, start) => {
    const text = renderPaused(english, 3, until, { kind: "server", name });
    expect(text.startsWith(start)).toBe(true);
    expect(text).not.toContain(" here ");
    expect(text).toContain("A moderator there can lift the pause.");
  });
});
