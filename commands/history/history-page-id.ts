/**
 * Custom ids of the ◀ Newer / Older ▶ buttons of `/history`: `history:<requesterId>:<page>`. The id carries
 * whose list it is and which page to show, so paging works after a restart and never shows someone else's list.
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */
import type { IdCodec } from "../../src/custom-ids/id-codec.js";
import { isSnowflake, requireSnowflake } from "../../src/custom-ids/id-parts.js";

/**
 * The last page an id can ask for (0-based; the id carries at most four digits), and the highest page the
 * store is asked for: beyond it the store would be asked to skip absurdly many rows.
 */
export const MAX_HISTORY_PAGE = 9999;

/** What a page button asks for. */
export interface HistoryPageId {
  readonly requesterId: string;
  /** 0-based. */
  readonly page: number;
}

/** The prefix every history page id starts with, followed by `:`. */
export const HISTORY_PAGE_PREFIX = "history";
const ID = /^history:(\d+):(\d{1,4})$/;

/** `history:<requesterId>:<page>`. */
export const historyPageCodec: IdCodec<HistoryPageId> = {
  encode({ requesterId, page }) {
    requireSnowflake(requesterId);
    if (!Number.isInteger(page) || page < 0 || page > MAX_HISTORY_PAGE) {
      throw new RangeError(`history page must be a whole number from 0 to ${MAX_HISTORY_PAGE}, got ${page}`);
    }
    return `${HISTORY_PAGE_PREFIX}:${requesterId}:${page}`;
  },
  decode(customId) {
    const match = ID.exec(customId);
    if (match?.[1] === undefined || match[2] === undefined || !isSnowflake(match[1])) return null;
    return { requesterId: match[1], page: Number(match[2]) };
  },
};
