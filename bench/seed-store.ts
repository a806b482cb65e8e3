/**
 * Writes unfinished jobs into a bot database before the bot starts, so the bot resumes them: a restart
 * with N jobs in flight, without driving N slash commands. The schema comes from the bot's own store
 * (openSqliteJobStore applies the migrations) and the rows from its own `jobToArgs`.
 */
import Database from "better-sqlite3";
import type { Job } from "../src/imagine/job.js";
import { JOB_COLUMNS, jobToArgs } from "../src/store/job-rows.js";
import { readPrompt } from "../src/prompt/prompt.js";
import { openSqliteJobStore } from "../src/store/sqlite-job-store.js";

const INSERT_JOB = `INSERT INTO jobs (${JOB_COLUMNS.join(", ")}) VALUES (${JOB_COLUMNS.map((c) => `:${c}`).join(", ")})`;

/** Where the seeded jobs' messages are. */
export interface SeedLocation {
  applicationId: string;
  guildId: string;
  channelId: string;
  requesterId: string;
}

/**
 * Stores one in-progress job (50 %) per image id, started now. Their messages cannot be edited (no
 * interaction token, no message id), so following them costs no Discord calls: what is measured is the
 * cost of following jobs, not of editing messages (measured by the other scenarios).
 */
export async function seedUnfinishedJobs(
  databasePath: string,
  imageIds: readonly string[],
  where: SeedLocation,
): Promise<void> {
  const store = await openSqliteJobStore(databasePath);
  await store.close();
  const now = Date.now();
  const jobs: Job[] = imageIds.map((imageId, i) => ({
    imageId,
    phase: "sent",
    ref: `seeded-${i}`,
    prompt: readPrompt("seeded job"),
    requesterId: where.requesterId,
    source: "interaction",
    location: {
      applicationId: where.applicationId,
      interactionToken: null,
      interactionTokenExpiresAt: null,
      guildId: where.guildId,
      channelId: where.channelId,
      messageId: null,
      channelEditable: false,
    },
    startedAt: now,
    status: "in-progress",
    progress: 50,
    outcome: null,
    finishedAt: null,
    delivered: false,
    error: null,
    language: "en",
    kind: { name: "imagine" },
  }));
  const db = new Database(databasePath);
  try {
    const insert = db.prepare(INSERT_JOB);
    db.transaction(() => {
      for (const job of jobs) insert.run(jobToArgs(job, now));
    }).immediate();
  } finally {
    db.close();
  }
}
