/**
 * What the bot believes of a record read from the service. A `completed` record whose `url` is not an
 * http(s) URL has no image anyone could see: it must not be shown as a finished image with U1-U4
 * buttons. `completed` is final, so polling on would not help either; the job ends as failed instead.
 */
import { isHttpUrl } from "../prompt/parse-prompt.js";
import type { ImageRecord } from "../service/schema.js";

/** The `error` of a job whose completed record carried no usable image. */
export const NO_USABLE_IMAGE_ERROR = "The image service returned no usable image";

/** The record as the bot acts on it: a completed record without an http(s) `url` becomes a failed one. */
export function usableRecord(record: ImageRecord): ImageRecord {
  if (record.status !== "completed" || (record.url !== null && isHttpUrl(record.url))) return record;
  return { ...record, status: "failed", url: null, upscaled_urls: null, error: NO_USABLE_IMAGE_ERROR };
}
