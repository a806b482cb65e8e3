/** Why a submission may not start: the codes every admission check returns (a leaf: renderers read it too). */
import type { DailyRefusal, PlaceRefusal } from "../moderation/server-rules.js";
import type { UsageRefusal } from "../moderation/usage-limits.js";

/** Why a submission may not start, with the values its message needs. */
export type AdmissionRefusal =
  | UsageRefusal
  | PlaceRefusal
  | DailyRefusal
  /** The prompt has a word on the owner's or the server's banned list. */
  | { readonly code: "banned-words" }
  | {
      /** The service reports a `status` other than healthy, with its own `detail` when it gave one. */
      readonly code: "service-unhealthy";
      readonly status: string;
      readonly detail: string | null;
    };
