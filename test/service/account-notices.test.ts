import { describe, expect, test } from "vitest";
import { accountNoticeOf, blockDurationMs } from "../../src/service/account-notices.js";
import { classifyImageError } from "../../src/render/image-errors.js";

/** Real texts from public trackers (midjourney-facts.md, "Notices about the account"). */
const NOTICES: [string, string][] = [
  [
    "You have a pending moderation message. Please acknowledge it before using Midjourney further. Your account has been temporarily blocked due to suspicious activity. Accessing Midjourney via third-party tools or scripting is strictly forbidden and is grounds for a permanent ban..",
    "suspicious-activity",
  ],
  [
    "You have been blocked from accessing Midjourney. This happens on repeated or serious ToS violations.",
    "blocked",
  ],
  [
    "You have a pending moderation message. Please acknowledge it before using the bot further.",
    "pending-moderation",
  ],
  ["You have been blocked from accessing Midjourney for 1 hour.", "blocked"],
  ["You don't have an active subscription. Subscribe to continue.", "no-subscription"],
  ["Credits exhausted", "credits"],
];

describe("account notices", () => {
  test.each(NOTICES)("%s is a notice about the account (%s)", (text, kind) => {
    expect(accountNoticeOf(text)?.kind).toBe(kind);
  });

  test.each(NOTICES)(
    "a record failed with `Midjourney message: %s` is an account failure, never a prompt refusal, and its text is not shown",
    (text) => {
      expect(classifyImageError(`Midjourney message: ${text}`)).toEqual({
        kind: "account",
        detail: null,
        retryable: true,
      });
    },
  );

  test.each([
    "Banned prompt detected",
    "Sorry! Our AI moderators feel your prompt might be against our community standards.",
    "Our AI moderator thinks this prompt is probably against our community standards.",
    'The word "gore" is banned.',
  ])("a prompt refusal (%s) is still the member's moderation refusal", (text) => {
    expect(accountNoticeOf(text)).toBeNull();
    expect(classifyImageError(`Midjourney message: ${text}`).kind).toBe("moderation");
  });

  test.each([
    ["blocked from accessing Midjourney for 1 hour", 3_600_000],
    ["blocked from accessing Midjourney for 30 minutes", 1_800_000],
    ["blocked from accessing Midjourney for 2 days", 2 * 86_400_000],
    ["blocked from accessing Midjourney for a week", 604_800_000],
    ["You have been blocked from accessing Midjourney.", null],
  ])("a temporary block's duration is read from %j", (text, ms) => {
    expect(blockDurationMs(text)).toBe(ms);
  });
});
