/**
 * Custom ids of the `/imagine-status` buttons: `imagine-status:page:<n>` shows page n (0-based) of the
 * jobs in flight; `imagine-status:cancel:<n>:<jobId>` cancels that job and shows page n again;
 * `imagine-status:resume:<n>:<server>` resumes image server number `server` (held after a notice about its
 * account) and shows page n again. Moderators only, so the ids carry no requester.
 * @see https://discord.com/developers/docs/components/reference#button (custom_id: at most 100 characters)
 */
import type { IdCodec } from "../../src/custom-ids/id-codec.js";
import { isButtonJobId, requireButtonJobId } from "../../src/custom-ids/id-parts.js";

/** What a status button asks for: show a page, or cancel a job listed on a page. */
export type StatusAction =
  | { readonly kind: "page"; readonly page: number }
  | { readonly kind: "cancel"; readonly page: number; readonly jobId: string }
  | { readonly kind: "resume"; readonly page: number; readonly server: number };

/** The prefix every status button id starts with, followed by `:`. */
export const STATUS_PREFIX = "imagine-status";

const PAGE_ID = /^imagine-status:page:(\d{1,9})$/;
const CANCEL_ID = /^imagine-status:cancel:(\d{1,9}):([^:]+)$/;
const RESUME_ID = /^imagine-status:resume:(\d{1,9}):(\d{1,2})$/;
const MAX_PAGE = 999_999_999;

/**
 * @throws {RangeError} for a page that is not a whole number from 0 to 999,999,999, or a job id a button
 * cannot carry.
 */
function encode(action: StatusAction): string {
  const { page } = action;
  if (!Number.isInteger(page) || page < 0 || page > MAX_PAGE) {
    throw new RangeError(`status page must be a whole number from 0 to ${MAX_PAGE}, got ${page}`);
  }
  if (action.kind === "page") return `${STATUS_PREFIX}:page:${page}`;
  if (action.kind === "resume") {
    if (!Number.isInteger(action.server) || action.server < 1 || action.server > 99)
      throw new RangeError(`a server number is 1 to 99, got ${action.server}`);
    return `${STATUS_PREFIX}:resume:${page}:${action.server}`;
  }
  requireButtonJobId(action.jobId);
  return `${STATUS_PREFIX}:cancel:${page}:${action.jobId}`;
}

function decode(customId: string): StatusAction | null {
  const page = PAGE_ID.exec(customId)?.[1];
  if (page !== undefined) return { kind: "page", page: Number(page) };
  const [, resumePage, server] = RESUME_ID.exec(customId) ?? [];
  if (resumePage !== undefined && server !== undefined && Number(server) >= 1)
    return { kind: "resume", page: Number(resumePage), server: Number(server) };
  const [, cancelPage, jobId] = CANCEL_ID.exec(customId) ?? [];
  if (cancelPage === undefined || jobId === undefined || !isButtonJobId(jobId)) return null;
  return { kind: "cancel", page: Number(cancelPage), jobId };
}

/** The codec of `/imagine-status` button ids. */
export const statusCodec: IdCodec<StatusAction> = { encode, decode };
