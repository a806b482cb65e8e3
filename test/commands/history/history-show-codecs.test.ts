import { describe, expect, test } from "vitest";
import { MAX_CUSTOM_ID_LENGTH } from "../../../src/custom-ids/id-codec.js";
import { historyPageCodec } from "../../../commands/history/history-page-id.js";
import { showJobCodec } from "../../../commands/history/show-job-id.js";

describe("historyPageCodec", () => {
  test("an id reads back as the requester and page it was written with, within Discord's 100 characters", () => {
    const data = { requesterId: "18446744073709551615", page: 9999 };
    const id = historyPageCodec.encode(data);
    expect(id).toBe("history:18446744073709551615:9999");
    expect(id.length).toBeLessThanOrEqual(MAX_CUSTOM_ID_LENGTH);
    expect(historyPageCodec.decode(id)).toEqual(data);
  });

  test.each(["history:abc:1", "history:1:-1", "history:1:10000", "history:1", "show:1:1", "history:1:1:1"])(
    "%s is not one of its ids",
    (id) => {
      expect(historyPageCodec.decode(id)).toBeNull();
    },
  );

  test.each([
    { requesterId: "not-a-user", page: 0 },
    { requesterId: "1", page: -1 },
    { requesterId: "1", page: 1.5 },
  ])("refuses to write $requesterId page $page", (data) => {
    expect(() => historyPageCodec.encode(data)).toThrow(RangeError);
  });
});

describe("showJobCodec", () => {
  test("a job id reads back; one that cannot go in a button gets no id", () => {
    const jobId = "c0ffee00-0000-4000-8000-000000000001";
    expect(showJobCodec.decode(showJobCodec.encode(jobId))).toBe(jobId);
    expect(showJobCodec.tryEncode("x".repeat(65))).toBeNull();
    expect(() => showJobCodec.encode("a b")).toThrow(RangeError);
  });

  test.each(["show:", "show:a b", "history:1:1", `show:${"x".repeat(65)}`])(
    "%s is not one of its ids",
    (id) => {
      expect(showJobCodec.decode(id)).toBeNull();
    },
  );
});
