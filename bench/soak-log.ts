/**
 * What the soak (bench/scenario-soak.ts) reads from the bot's own log lines: each job's ending (one per
 * job id), the results posted (with the message that carries them, to click its U1), the messages posted
 * for buttons, and the warnings and errors, by interaction.
 */
import type { OutputLine } from "./processes.js";

/** A result the bot logged as posted: "posted the result". */
export interface PostedResult {
  interactionId: string;
  jobId: string;
  userId: string;
  messageId: string;
}

/** Counts from the bot's log. */
export class SoakLog {
  readonly counts = {
    ended: 0,
    completed: 0,
    failed: 0,
    /** Job ids ended more than once. */
    endedTwice: 0,
    buttonPosts: 0,
    errorLines: 0,
    warnLines: 0,
  };
  readonly #endedJobs = new Set<string>();
  readonly #endedInteractions = new Set<string>();
  /** Interactions with a warning or error logged. */
  readonly #troubled = new Set<string>();

  constructor(private readonly onResultPosted: (result: PostedResult) => void) {}

  /** Commands the bot logged a warning or error for and that ended no job (a deferral past Discord's 3 s). */
  unanswered(): number {
    let count = 0;
    for (const id of this.#troubled) if (!this.#endedInteractions.has(id)) count++;
    return count;
  }

  /** Reads one line of the bot's output. */
  read(line: OutputLine): void {
    const j = line.json;
    if (!j) return;
    const c = this.counts;
    const level = Number(j["level"]);
    if (level >= 50) c.errorLines++;
    else if (level === 40) c.warnLines++;
    const jobId = typeof j["jobId"] === "string" ? j["jobId"] : null;
    const interactionId = typeof j["interactionId"] === "string" ? j["interactionId"] : null;
    if (level >= 40 && interactionId) this.#troubled.add(interactionId);
    if (j["msg"] === "job ended" && jobId) {
      c.ended++;
      if (interactionId) this.#endedInteractions.add(interactionId);
      if (this.#endedJobs.has(jobId)) c.endedTwice++;
      this.#endedJobs.add(jobId);
      if (j["outcome"] === "completed") c.completed++;
      else c.failed++;
    } else if (
      j["msg"] === "posted the result" &&
      jobId &&
      interactionId &&
      typeof j["messageId"] === "string"
    ) {
      this.onResultPosted({ interactionId, jobId, userId: String(j["userId"]), messageId: j["messageId"] });
    } else if (j["msg"] === "posted the message of a button") c.buttonPosts++;
  }
}
