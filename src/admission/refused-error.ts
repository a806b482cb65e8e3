/** A submission refused before anything reached the service, and why (the codes every check returns). */
import { UserError } from "../errors.js";
import type { AdmissionRefusal } from "./admission-refusal.js";
import { renderAdmissionRefusal } from "../render/refusal.js";

export type { AdmissionRefusal };

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
