/**
 * The row of tools under a result: 🖌️ Remix, 🔁 More like this, 📋 Prompt, 🗑️ Delete, each with an id that
 * carries the job and who the message was posted for (`result-tool-ids.ts`).
 * @see https://discord.com/developers/docs/components/reference#button
 */
import type { APIActionRowComponent, APIButtonComponent } from "discord-api-types/v10";
import { deleteIdCodec, moreIdCodec, promptIdCodec, remixIdCodec } from "../custom-ids/result-tool-ids.js";
import type { Translator } from "../i18n/translate.js";

/** A tool a result message may show. */
export type ResultToolName = "remix" | "more" | "prompt" | "delete";

/** Which job a message shows, who it was posted for, and (for a single image) which image of the grid. */
export interface ResultToolTarget {
  readonly jobId: string | null;
  readonly requesterId: string;
  readonly index?: number;
}

const EMOJI: Record<ResultToolName, string> = { remix: "🖌️", more: "🔁", prompt: "📋", delete: "🗑️" };

function customId(name: ResultToolName, jobId: string, target: ResultToolTarget): string {
  const tool = { jobId, requesterId: target.requesterId };
  if (name === "remix") return remixIdCodec.encode({ ...tool, step: "open" });
  if (name === "more") return moreIdCodec.encode({ ...tool, index: target.index ?? -1 });
  return name === "prompt" ? promptIdCodec.encode(tool) : deleteIdCodec.encode(tool);
}

/**
 * One row with the `tools` in that order, grey (Delete red), or none when the job or the requester cannot
 * be carried by a button id (a button that could not be read back would be dead).
 */
export function resultToolsRow(
  t: Translator,
  target: ResultToolTarget,
  tools: readonly ResultToolName[],
): APIActionRowComponent<APIButtonComponent>[] {
  const { jobId } = target;
  if (jobId === null) return [];
  const buttons: APIButtonComponent[] = [];
  for (const name of tools) {
    let id: string;
    try {
      id = customId(name, jobId, target);
    } catch {
      return [];
    }
    buttons.push({
      type: 2,
      style: name === "delete" ? 4 : 2,
      custom_id: id,
      label: t(`tool.${name}`),
      emoji: { name: EMOJI[name] },
    });
  }
  return buttons.length === 0 ? [] : [{ type: 1, components: buttons }];
}
