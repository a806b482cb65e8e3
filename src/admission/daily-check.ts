/**
 * The member's images of the day (and, in a fleet, every process's use), counted in the ledger with the place
 * held: this process's own counts (`local-ledger.ts`) or the fleet's (`fleet-ledger.ts`).
 */
import { held, type AdmissionCheck } from "./admission-check.js";
import type { AdmissionLedger } from "./admission-ledger.js";

/** Refuses a submission over the daily limit (a fleet: over any limit across the fleet); else counts it. */
export function dailyCheck(ledger: AdmissionLedger): AdmissionCheck {
  return (submission) => ledger.reserve(held(submission));
}
