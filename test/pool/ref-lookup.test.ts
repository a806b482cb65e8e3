import { describe, expect, test } from "vitest";
import { findCreatedByRef, type RefServer } from "../../src/pool/ref-lookup.js";
import { newImageRecord } from "../../src/service/record-factory.js";
import type { ImageRecord } from "../../src/service/schema.js";

const REF = "1190000000000000001";

/** A server answering `answer` to a lookup by ref (an Error: it throws). */
function server(name: string, answer: ImageRecord[] | Error, sendsRef = true): RefServer {
  return {
    name,
    profile: { sendsRef },
    client: { findByRef: async () => (answer instanceof Error ? Promise.reject(answer) : answer) },
  };
}

const made = newImageRecord({ id: "img-1", prompt: "a fox", ref: REF });
const other = newImageRecord({ id: "img-2", prompt: "a heron", ref: "1190000000000000002" });

describe("findCreatedByRef", () => {
  test.each([
    [
      "found on the second server",
      [server("one", []), server("two", [made])],
      { record: made, server: "two" },
    ],
    [
      "found where another server cannot tell",
      [server("one", new Error("down")), server("two", [made])],
      { record: made, server: "two" },
    ],
    ["absent when every server keeps ref and has none", [server("one", []), server("two", [])], "absent"],
    [
      "unknown when a server does not answer",
      [server("one", []), server("two", new Error("ECONNREFUSED"))],
      "unknown",
    ],
    [
      "unknown when a server keeps no ref (self-hosted)",
      [server("one", []), server("two", [], false)],
      "unknown",
    ],
    [
      "unknown when a server ignored the filter (other requests' records)",
      [server("one", [other])],
      "unknown",
    ],
  ] as const)("%s", async (_, servers, expected) => {
    expect(await findCreatedByRef(servers, REF)).toEqual(expected);
  });
});
