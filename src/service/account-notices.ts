/**
 * Midjourney's notices about the account behind an ImagineAPI server, as data: the texts seen in public
 * trackers, each with its source. A self-hosted ImagineAPI passes every Midjourney notice but "Credits
 * exhausted" to the record as `Midjourney message: <text>`, so the same prefix carries a prompt refusal (the
 * member's) and a notice about the account (the operator's): these are matched first
 * (`render/image-errors.ts`), and a server whose job ends with one is held (`server-holds.ts`).
 * @see ../../../docs/account-health.md
 */

/** What a notice says about the account. */
export type AccountNoticeKind =
  /** Blocked from Midjourney, for a time or until the operator acts. */
  | "blocked"
  /** A moderation message waits to be acknowledged in Midjourney's Discord. */
  | "pending-moderation"
  /** Blocked for suspicious activity (third-party tools, scripting). */
  | "suspicious-activity"
  /** No active subscription on the account. */
  | "no-subscription"
  /** The plan's fast hours or credits are used up. */
  | "credits";

/** One known notice: how it is recognised, what it means, and where it was seen. */
export interface AccountNotice {
  readonly kind: AccountNoticeKind;
  readonly pattern: RegExp;
  /** Public trackers the text was seen in. */
  readonly sources: readonly string[];
}

/**
 * The known notices, most specific first (the first match names the kind). Matched on the text after
 * `Midjourney message:`; any case.
 */
export const ACCOUNT_NOTICES: readonly AccountNotice[] = [
  {
    kind: "suspicious-activity",
    pattern:
      /account has been (?:temporarily )?blocked due to suspicious activity|third-party tools or scripting/i,
    sources: ["imagineapi/imagineapi#14"],
  },
  {
    kind: "pending-moderation",
    pattern: /pending moderation message|acknowledge it before using/i,
    sources: ["imagineapi/imagineapi#14", "zcpua/midjourney-api#154"],
  },
  {
    kind: "blocked",
    pattern:
      /(?:you have been|you are|account (?:has been|is)) (?:temporarily |permanently )?(?:blocked|banned|suspended) from (?:accessing |using )?midjourney|blocked from accessing midjourney|repeated or serious tos violations/i,
    sources: ["zcpua/midjourney-api#170", "bao-io/midjourney-sdk#12", "trueai-org/midjourney-proxy#104"],
  },
  {
    kind: "no-subscription",
    pattern:
      /(?:no|don't have an?|do not have an?) (?:active )?subscription|subscription (?:has )?(?:expired|ended|required)|subscribe to (?:use|continue)/i,
    sources: ['midjourney-facts.md ("Notices about the account")'],
  },
  {
    kind: "credits",
    pattern:
      /credits? (?:are |have been )?exhausted|run out of (?:fast )?(?:hours|credits)|out of fast hours|fast hours (?:are )?used up/i,
    sources: ['imagineapi bot/src/machines/generate-image-machine.ts ("Credits exhausted")'],
  },
];

/** The units of a temporary block's duration, in ms. */
const UNIT_MS: Record<string, number> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

/** `for 1 hour`, `for 30 minutes`, `for 2 days`, `for a week` (midjourney-proxy PR #104). */
const DURATION = /\bfor (\d{1,4}|an?|one) (minute|hour|day|week)s?\b/i;

/** The notice `text` is (the part after `Midjourney message:`, or the whole of it), or null. */
export function accountNoticeOf(text: string | null): AccountNotice | null {
  if (text === null) return null;
  return ACCOUNT_NOTICES.find((notice) => notice.pattern.test(text)) ?? null;
}

/** How long a temporary block lasts, when the notice says (`for 1 hour`), in ms; null when it does not. */
export function blockDurationMs(text: string): number | null {
  const match = DURATION.exec(text);
  if (!match) return null;
  const [, count, unit] = match;
  const n = /^\d+$/.test(count!) ? Number(count) : 1;
  const ms = UNIT_MS[unit!.toLowerCase()];
  return n > 0 && ms !== undefined ? n * ms : null;
}
