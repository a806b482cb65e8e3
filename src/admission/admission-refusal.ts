/** Why a submission may not start: the codes every admission check returns (a leaf: renderers read it too). */
import type { DailyRefusal, PlaceRefusal } from "../moderation/server-rules.js";
import type { UsageRefusal } from "../moderation/usage-limits.js";
import type { Speed } from "../prompt/speed.js";

/** Which list a banned word is on: the owner's (BANNED_WORDS), a server's, or the Midjourney starter list. */
export type BannedWordsList = "owner" | "server" | "midjourney";

/** Why a submission may not start, with the values its message needs. */
export type AdmissionRefusal =
  | UsageRefusal
  | PlaceRefusal
  | DailyRefusal
  | {
      /** The prompt has a word on a banned list: the owner's, the server's, or Midjourney's (the starter list). */
      readonly code: "banned-words";
      readonly list: BannedWordsList;
      /** The word of that list the prompt has, told to the requester only. */
      readonly matched: string;
      /** Whether the prompt came by DM (the bot's list, not a server's, is what refuses it there). */
      readonly inDm: boolean;
    }
  | {
      /** The member is paused until `until` (ms epoch) after `refusals` of Midjourney's refusals in 24 h. */
      readonly code: "paused";
      readonly until: number;
      readonly refusals: number;
      /** Whether the pause is the member's in DMs (nobody can lift it) rather than in a server. */
      readonly inDm: boolean;
    }
  | {
      /**
       * The prompt asks for a speed (`--relax`) the job's server cannot run (`why: "server"`), or the
       * member's roles may not use here (`why: "role"`); `available` are the ones they may use.
       */
      readonly code: "speed-unavailable";
      readonly speed: Speed;
      readonly why: "server" | "role";
      readonly available: readonly Speed[];
    }
  | {
      /** The service reports a `status` other than healthy, with its own `detail` when it gave one. */
      readonly code: "service-unhealthy";
      readonly status: string;
      readonly detail: string | null;
    };
