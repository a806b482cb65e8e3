import { describe, expect, test } from "vitest";
import { english } from "../../src/i18n/translate.js";
import { combineResults, resultsFitting, type BatchCandidate } from "../../src/discord/result-batch.js";
import { renderCompleted } from "../../src/render/final.js";
import { completedRecord } from "../render/helpers.js";
import { readPrompt } from "../../src/prompt/prompt.js";

/** A finished grid as posted alone: U1-U4 and 🔄, then Remix, Prompt and Delete. */
function grid(requesterId: string, jobId: string): BatchCandidate {
  const payload = renderCompleted(english, completedRecord({ id: jobId }), {
    requesterId,
    prompt: readPrompt("a lighthouse"),
    jobId,
    startedAt: 1_714_557_600_000,
    imageUrl: "https://cdn.example/grid.png",
  });
  return { message: { payload, files: [] }, requesterId };
}

const grids = (n: number) => Array.from({ length: n }, (_v, i) => grid(String(100 + i), `job-${i}`));

const labels = (candidate: { message: BatchCandidate["message"] }) =>
  candidate.message.payload.components.map((row) =>
    row.components.map((b) => ("label" in b && b.label !== undefined ? b.label : "")),
  );

describe("result tools in a message several results share", () => {
  test("a grid posted alone keeps its row of Remix, Prompt and Delete", () => {
    const [alone] = grids(1);
    expect(resultsFitting([alone!])).toBe(1);
    expect(labels(alone!)[1]).toEqual(["Remix", "Prompt", "Delete"]);
  });

  test("grids posted together keep U1-U4 and 🔄 but not one member's Delete, so five still fit", () => {
    const waiting = grids(7);
    expect(resultsFitting(waiting)).toBe(5);
    const combined = combineResults(waiting.slice(0, 5));
    expect(combined.payload.components).toHaveLength(5);
    const all = labels({ message: combined }).flat();
    expect(all).not.toContain("#1 Delete");
    expect(all.filter((l) => /U1$/.test(l))).toHaveLength(5);
  });
});
