/**
 * `/history`: one member's own recent jobs, a page at a time. In a server only that server's jobs are
 * listed (prompts from DMs and other servers stay out of it); in the bot's DMs every job of theirs is.
 */
import { MAX_HISTORY_PAGE } from "./history-page-id.js";
import type { Job } from "../../src/imagine/job.js";
import type { JobRecords } from "../../src/imagine/job-store.js";

/** Jobs per page of `/history`. */
export const HISTORY_PAGE_SIZE = 5;
/** One page of a member's history. */
export interface HistoryPage {
  /** The jobs of the page, newest first. */
  readonly jobs: readonly Job[];
  /** 0-based page shown (the last page with jobs when the one asked for is past the end). */
  readonly page: number;
  readonly hasOlder: boolean;
  /** Whether the list covers one server (`/history` in a server) or every place (in DMs). */
  readonly scope: "server" | "everywhere";
}

/** Who asks, and where. */
export interface HistoryRequest {
  readonly requesterId: string;
  /** The server `/history` is used in; `null` in DMs. */
  readonly guildId: string | null;
  readonly page: number;
}

/**
 * Reads page `page` of the member's history (one extra job tells whether an older page exists). A page
 * past the end (jobs were pruned since the buttons were drawn) shows the first page instead.
 */
export async function loadHistoryPage(
  store: Pick<JobRecords, "jobsOfRequester">,
  request: HistoryRequest,
): Promise<HistoryPage> {
  const scope = request.guildId === null ? "everywhere" : "server";
  const read = async (page: number): Promise<HistoryPage> => {
    const jobs = await store.jobsOfRequester({
      requesterId: request.requesterId,
      ...(request.guildId === null ? {} : { guildId: request.guildId }),
      offset: page * HISTORY_PAGE_SIZE,
      limit: HISTORY_PAGE_SIZE + 1,
    });
    return { jobs: jobs.slice(0, HISTORY_PAGE_SIZE), page, hasOlder: jobs.length > HISTORY_PAGE_SIZE, scope };
  };
  const page = Math.min(Math.max(Math.floor(request.page), 0), MAX_HISTORY_PAGE);
  const shown = await read(Number.isFinite(page) ? page : 0);
  return shown.jobs.length === 0 && shown.page > 0 ? read(0) : shown;
}
