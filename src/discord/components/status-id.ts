/**
 * Custom ids of the `/imagine-status` components: `imagine-status:page:<n>` shows page n (0-based) of the
 * jobs in flight. Moderators only, so the id carries no requester.
 * @see https://discord.com/developers/docs/components/reference#button (custom_id: at most 100 characters)
 */
import type { IdCodec } from "../component.js";

/** What a status component asks for. */
export type StatusAction = { readonly kind: "page"; readonly page: number };

/** The prefix every status component id starts with, followed by `:`. */
export const STATUS_PREFIX = "imagine-status";

const PAGE_ID = /^imagine-status:page:(\d{1,9})$/;
const MAX_PAGE = 999_999_999;

/** @throws {RangeError} for a page that is not a whole number from 0 to 999,999,999. */
function encode(action: StatusAction): string {
  const { page } = action;
  if (!Number.isInteger(page) || page < 0 || page > MAX_PAGE) {
    throw new RangeError(`status page must be a whole number from 0 to ${MAX_PAGE}, got ${page}`);
  }
  return `${STATUS_PREFIX}:page:${page}`;
}

function decode(customId: string): StatusAction | null {
  const page = PAGE_ID.exec(customId)?.[1];
  return page === undefined ? null : { kind: "page", page: Number(page) };
}

/** The codec of `/imagine-status` component ids. */
export const statusCodec: IdCodec<StatusAction> = { encode, decode };
