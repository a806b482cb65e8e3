import { describe, expect, test } from "vitest";
import { english } from "../../src/i18n/translate.js";
import { pendingNotice } from "../../src/imagine/pending-notice.js";
import { renderProgress } from "../../src/render/progress.js";
import { makeRecord, REQUESTER_ID, JOB_ID, visibleText } from "../render/helpers.js";
import { readPrompt } from "../../src/prompt/prompt.js";

const ctx = {
  requesterId: REQUESTER_ID,
  prompt: readPrompt("a fox"),
  jobId: JOB_ID,
  startedAt: 0,
  imageUrl: null,
};

describe("the waiting message of a pending job follows the service's own status", () => {
  test.each([
    ["starting", "The image service reports that it is starting"],
    ["not started", "The image service reports that it is starting"],
    ["unhealthy", "The image service reports that it is down"],
  ])("while the service reports %s, the pending job's message says: %s", (status, text) => {
    const record = makeRecord({ status: "pending" });
    const shown = visibleText(renderProgress(english, record, ctx, pendingNotice(record, status)));
    expect(shown).toContain(text);
    expect(shown).toContain("Waiting");
  });

  test.each([
    ["healthy", "pending"],
    [null, "pending"],
    ["starting", "in-progress"],
  ] as const)("says nothing more while the service reports %s and the job is %s", (status, recordStatus) => {
    const record = makeRecord({ status: recordStatus, progress: recordStatus === "pending" ? null : 31 });
    expect(pendingNotice(record, status)).toEqual({});
    expect(visibleText(renderProgress(english, record, ctx, pendingNotice(record, status)))).not.toMatch(
      /reports that it is/,
    );
  });
});
