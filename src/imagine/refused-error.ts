/** A submission refused before anything reached the service, and why (the codes every check returns). */
import { UserError } from "../errors.js";
import type { DailyRefusal, PlaceRefusal } from "../moderation/server-rules.js";
import type { UsageRefusal } from "../moderation/usage-limits.js";
import { renderAdmissionRefusal } from "../render/refusal.js";

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

/** A refused submission: the refusal, and its text for the user (written by `renderAdmissionRefusal`). */
export class RefusedError extends UserError {
  constructor(
    readonly refusal: AdmissionRefusal,
    detail?: unknown,
  ) {
    super((t) => renderAdmissionRefusal(t, refusal), detail);
    this.name = "RefusedError";
  }

  /** The refusal's code, for the log and the audit channel. */
  get reason(): AdmissionRefusal["code"] {
    return this.refusal.code;
  }
}
