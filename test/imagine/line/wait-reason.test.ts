import { describe, expect, test } from "vitest";
import { IMAGINE } from "../../../src/imagine/job-kind.js";
import { waitReason, type ServersState } from "../../../src/imagine/line/wait-reason.js";
import { readPrompt } from "../../../src/prompt/prompt.js";

const state = (serverFree: boolean, serversDown: boolean, unreachable = 0, failing = 0): ServersState => ({
  serverFree,
  serversDown,
  out: { unreachable, failing },
  reopensAt: null,
  key: `${serverFree}|${serversDown}|${unreachable}|${failing}`,
});
const busy = state(false, false);
const down = state(false, true, 2, 0);
const free = state(true, false);
/** Both servers answer `unhealthy`. */
const failing = state(false, true, 0, 2);
/** One server does not answer, the other answers `unhealthy`. */
const downOrFailing = state(false, true, 1, 1);
/** One server is busy, the other does not answer. */
const busyOneDown = state(false, false, 1, 0);
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
    ["a plain job while every server answers unhealthy", IMAGINE, "a cat", failing, { kind: "failing" }],
    [
      "a plain job while one server is unreachable and the other unhealthy",
      IMAGINE,
      "a cat",
      downOrFailing,
      { kind: "down-or-failing" },
    ],
    [
      "a plain job while one server is busy and the other down: not 'every server is busy'",
      IMAGINE,
      "a cat",
      busyOneDown,
      { kind: "busy-others-out" },
    ],
  ] as const)("%s", (_, kind, prompt, state, expected) => {
    expect(waitReason({ kind, prompt: readPrompt(prompt) }, state)).toEqual(expected);
  });
});
