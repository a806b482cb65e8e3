/**
 * Custom ids of the tools under a result (a grid, a single image, an enhanced image): 📋 Prompt, 🗑️ Delete,
 * 🖌️ Remix (its button and the modal it opens) and 🔁 More like this. Each carries what its handler needs:
 * the job, and who the message was posted for (the one who may use it); More like this also which image.
 * Every id is at most 94 characters (a 64-character job id and a 20-digit user id), within Discord's 100.
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */
import { GRID_SIZE } from "../service/schema.js";
import type { IdCodec } from "./id-codec.js";
import { isButtonJobId, isSnowflake, requireButtonJobId, requireSnowflake } from "./id-parts.js";

/** A tool used on a job's message: the job, and who that message was posted for. */
export interface ResultTool {
  readonly jobId: string;
  readonly requesterId: string;
}

/** 🔁 More like this on image U(index+1) of the grid `jobId`. */
export interface MoreLikeThis extends ResultTool {
  readonly index: number;
}

/** 🖌️ Remix: the button opens the modal (`open`); the modal's submit starts the job (`submit`). */
export interface Remix extends ResultTool {
  readonly step: "open" | "submit";
}

export const PROMPT_ID_PREFIX = "prompt";
export const DELETE_ID_PREFIX = "delete";
export const REMIX_ID_PREFIX = "remix";
export const MORE_ID_PREFIX = "more";

/** The prefixes of the tools a message shared by several results leaves out (see `result-batch.ts`). */
export const RESULT_TOOL_PREFIXES: readonly string[] = [
  PROMPT_ID_PREFIX,
  DELETE_ID_PREFIX,
  REMIX_ID_PREFIX,
  MORE_ID_PREFIX,
];

/** `<prefix>:<head...>:<jobId>:<requesterId>`. @throws {RangeError} for ids a button cannot carry. */
function write(prefix: string, head: readonly string[], tool: ResultTool): string {
  requireButtonJobId(tool.jobId);
  requireSnowflake(tool.requesterId);
  return [prefix, ...head, tool.jobId, tool.requesterId].join(":");
}

/** The head parts and the tool of an id of `prefix` with `headLength` parts before the job; else null. */
function read(
  customId: string,
  prefix: string,
  headLength: number,
): { head: string[]; tool: ResultTool } | null {
  const parts = customId.split(":");
  if (parts.length !== headLength + 3 || parts[0] !== prefix) return null;
  const head = parts.slice(1, 1 + headLength);
  const [jobId = "", requesterId = ""] = parts.slice(1 + headLength);
  return isButtonJobId(jobId) && isSnowflake(requesterId) ? { head, tool: { jobId, requesterId } } : null;
}

/** `prompt:<jobId>:<requesterId>`. */
export const promptIdCodec: IdCodec<ResultTool> = {
  encode: (tool) => write(PROMPT_ID_PREFIX, [], tool),
  decode: (customId) => read(customId, PROMPT_ID_PREFIX, 0)?.tool ?? null,
};

/** `delete:<jobId>:<requesterId>`. */
export const deleteIdCodec: IdCodec<ResultTool> = {
  encode: (tool) => write(DELETE_ID_PREFIX, [], tool),
  decode: (customId) => read(customId, DELETE_ID_PREFIX, 0)?.tool ?? null,
};

/** `remix:o:<jobId>:<requesterId>` (the button) and `remix:s:<jobId>:<requesterId>` (its modal). */
export const remixIdCodec: IdCodec<Remix> = {
  encode: ({ step, ...tool }) => write(REMIX_ID_PREFIX, [step === "open" ? "o" : "s"], tool),
  decode(customId) {
    const parsed = read(customId, REMIX_ID_PREFIX, 1);
    const step = parsed?.head[0] === "o" ? "open" : parsed?.head[0] === "s" ? "submit" : null;
    return parsed && step ? { ...parsed.tool, step } : null;
  },
};

/** `more:<index>:<jobId>:<requesterId>`, index 0-3 (U1-U4). */
export const moreIdCodec: IdCodec<MoreLikeThis> = {
  encode({ index, ...tool }) {
    if (!Number.isInteger(index) || index < 0 || index >= GRID_SIZE)
      throw new RangeError(`More like this cannot carry image ${index}`);
    return write(MORE_ID_PREFIX, [String(index)], tool);
  },
  decode(customId) {
    const parsed = read(customId, MORE_ID_PREFIX, 1);
    const index = parsed?.head[0] ?? "";
    return parsed && /^[0-3]$/.test(index) ? { ...parsed.tool, index: Number(index) } : null;
  },
};
