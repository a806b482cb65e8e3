/**
 * Custom ids of the Enhance buttons under a single image. They carry everything the handler needs (the grid's
 * job id, which image, the factor, and who the image was posted for), so they work after a restart too.
 * @see https://discord.com/developers/docs/components/reference#button (custom_id: at most 100 characters)
 */
import { GRID_SIZE, isUpscaleFactor, type UpscaleFactor } from "../service/schema.js";
import type { IdCodec } from "./id-codec.js";
import { isButtonJobId, isSnowflake, requireButtonJobId, requireSnowflake } from "./id-parts.js";

/** An Enhance click: upscale image `index` (0-based) of the grid job `jobId` by `factor`. */
export interface EnhanceRequest {
  readonly jobId: string;
  readonly index: number;
  readonly factor: UpscaleFactor;
  /** Who the single image was posted for: they (or a moderator) may enhance it. */
  readonly requesterId: string;
}

/** Every Enhance custom id starts with this, followed by `:`. */
export const ENHANCE_ID_PREFIX = "enhance";

/**
 * `enhance:<jobId>:<index>:<factor>:<requesterId>`: at most 99 characters (a 64-character job id, `12x`
 * and a 20-digit user id), within Discord's 100.
 */
export const enhanceIdCodec: IdCodec<EnhanceRequest> = {
  encode({ jobId, index, factor, requesterId }) {
    requireButtonJobId(jobId);
    requireSnowflake(requesterId);
    if (!Number.isInteger(index) || index < 0 || index >= GRID_SIZE || !isUpscaleFactor(factor)) {
      throw new RangeError(`an Enhance button cannot carry image ${index} and factor ${String(factor)}`);
    }
    return `${ENHANCE_ID_PREFIX}:${jobId}:${index}:${factor}:${requesterId}`;
  },
  decode(customId) {
    const parts = customId.split(":");
    const [prefix, jobId, index, factor, requesterId] = parts;
    if (parts.length !== 5 || prefix !== ENHANCE_ID_PREFIX) return null;
    if (jobId === undefined || !isButtonJobId(jobId) || !/^[0-3]$/.test(index ?? "")) return null;
    if (!isUpscaleFactor(factor) || requesterId === undefined || !isSnowflake(requesterId)) return null;
    return { jobId, index: Number(index), factor, requesterId };
  },
};
