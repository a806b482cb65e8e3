import { describe, expect, test } from "vitest";
import type { ImageServer } from "../../src/pool/image-server.js";
import type { Job } from "../../src/imagine/job.js";
import { IMAGINE, type JobKindName } from "../../src/imagine/job-kind.js";
import { placementOf, runsAnywhere } from "../../src/imagine/job-placement.js";
import { runsOn } from "../../src/pool/server-placement.js";
import { readPrompt } from "../../src/prompt/prompt.js";

/** A server named `name` that runs `speeds`, as far as placements look at it. */
function server(name: string, speeds: readonly string[] = ["fast", "relax"]): ImageServer {
  return { name, profile: { speeds } } as unknown as ImageServer;
}

const UPSCALE = { name: "upscale", parentId: "grid-1", index: 0, factor: "2x" } as const;

/** Which of servers one (fast, relax) and two (fast only) `job` may run on; "any" when it may run anywhere. */
function serversFor(job: Pick<Job, "kind" | "prompt" | "server">): string[] | "any" {
  const placement = placementOf(job);
  if (runsAnywhere(placement)) return "any";
  return [server("one"), server("two", ["fast"])].filter((s) => runsOn(s, placement)).map((s) => s.name);
}

describe("what a job requires of its server", () => {
  test.each<[string, Pick<Job, "kind" | "prompt" | "server">, string[] | "any"]>([
    ["a grid naming no speed runs anywhere", { kind: IMAGINE, prompt: readPrompt("a fox") }, "any"],
    [
      "a grid asking for relax runs where relax runs",
      { kind: IMAGINE, prompt: readPrompt("a fox --relax") },
      ["one"],
    ],
    [
      "an Enhance runs only on its grid's server",
      { kind: UPSCALE, prompt: readPrompt("a fox"), server: "two" },
      ["two"],
    ],
    [
      "an Enhance ignores the speed of its grid's prompt",
      { kind: UPSCALE, prompt: readPrompt("a fox --relax"), server: "two" },
      ["two"],
    ],
    [
      "an Enhance queued without a server name runs anywhere",
      { kind: UPSCALE, prompt: readPrompt("a fox") },
      "any",
    ],
  ])("%s", (_, job, servers) => {
    expect(serversFor(job)).toEqual(servers);
  });

  test.each<[JobKindName, string, boolean]>([
    ["imagine", "a fox", true],
    ["imagine", "a fox --relax", false],
    ["imagine", "a fox --fast", false],
    ["upscale", "a fox", false],
  ])("a job of kind %s with the prompt %j waits its turn in the fleet's line: %s", (kind, prompt, inTurn) => {
    expect(placementOf({ kind: { name: kind }, prompt: readPrompt(prompt) }).inTurn).toBe(inTurn);
  });
});
