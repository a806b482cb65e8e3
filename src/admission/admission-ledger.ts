/**
 * Where admission counts what is used per member and day, behind one interface: this process's own counts
 * (`local-ledger.ts`, SQLite or memory) or a fleet's shared ledger (`fleet-ledger.ts`, Postgres).
 */
import type { HeldSubmission } from "./admission-check.js";
import type { Requester } from "../imagine/job-request.js";

/** What a member used, as `/quota` shows it. */
export interface LedgerUsage {
  /** Images started today (UTC) in the server (DMs: in DMs). */
  readonly dailyUsed: number;
  /** The member's jobs in flight, places held included. */
  readonly activeJobs: number;
  /** The member's last submission (ms epoch), if any. */
  readonly last: number | undefined;
}

/** Counts submissions per member and day (see the module comment). */
export interface AdmissionLedger {
  /**
   * Counts `submission` (its image of the day at `submission.place.at`) with its place held.
   * @throws {RefusedError} when its count refuses it.
   */
  reserve(submission: HeldSubmission): Promise<void>;
  /** The job of a counted submission was created (`submitted`), or not: then its image no longer counts. */
  settle(submission: HeldSubmission, submitted: boolean): Promise<void>;
  /** What `requester` used at `now`. */
  usage(requester: Requester, now: number): Promise<LedgerUsage>;
}
