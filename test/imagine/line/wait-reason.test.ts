import { describe, expect, test } from "vitest";
import { IMAGINE } from "../../../src/imagine/job-kind.js";
import { waitReason, type ServersState } from "../../../src/imagine/line/wait-reason.js";
import { readPrompt } from "../../../src/prompt/prompt.js";

const busy: ServersState = { serverFree: false, serversDown: false, reopensAt: null, key: "busy" };
const down: ServersState = { serverFree: false, serversDown: true, reopensAt: null, key: "down" };
const free: ServersState = { serverFree: true, serversDown: false, reopensAt: null, key: "free" };
const enhance = { name: "upscale", parentId: "grid-1", index: 0, factor: "2x" } as const;

describe("waitReason", () => {
  test.each([
    ["a plain job while every server is busy", IMAGINE, "a cat", busy, { kind: "busy" }],
    ["any job while no server takes jobs", IMAGINE, "a cat --relax", down, { kind: "down" }],
    [
      "a --relax job while another server is free",
      IMAGINE,
      "a cat --relax",
      free,
      { kind: "speed", speed: "relax" },
    ],
    ["a --relax job while every server is busy", IMAGINE, "a cat --relax", busy, { kind: "busy" }],
    ["an Enhance while another server is free", enhance, "a cat", free, { kind: "grid-server" }],
    ["an Enhance while no server takes jobs", enhance, "a cat", down, { kind: "down" }],
  ] as const)("%s", (_, kind, prompt, state, expected) => {
    expect(waitReason({ kind, prompt: readPrompt(prompt) }, state)).toEqual(expected);
  });
});
