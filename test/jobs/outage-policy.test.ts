import { describe, expect, test } from "vitest";
import { isServiceUnanswering, SERVICE_SILENT_AFTER_FAILURES } from "../../src/jobs/outage-policy.js";

describe("isServiceUnanswering", () => {
  test.each<[number, string | undefined, boolean]>([
    [0, undefined, false],
    [0, "network", false],
    // The client retried these already: one failed poll is several failed requests.
    [1, "network", true],
    [1, "timeout", true],
    [1, "server", true],
    [1, "not-json", true],
    [SERVICE_SILENT_AFTER_FAILURES - 1, "rate-limited", false],
    [SERVICE_SILENT_AFTER_FAILURES - 1, "unauthorized", false],
    [SERVICE_SILENT_AFTER_FAILURES - 1, undefined, false],
    [SERVICE_SILENT_AFTER_FAILURES, "timeout", true],
    [SERVICE_SILENT_AFTER_FAILURES, "network", true],
    [SERVICE_SILENT_AFTER_FAILURES, "not-json", true],
    [SERVICE_SILENT_AFTER_FAILURES, "rate-limited", true],
    [SERVICE_SILENT_AFTER_FAILURES, "unauthorized", true],
    [SERVICE_SILENT_AFTER_FAILURES, undefined, true],
    [50, "forbidden", false],
    [50, "validation", false],
  ])(
    "after %i failed polls (last: %s) the service counts as not answering: %s",
    (failures, kind, expected) => {
      expect(isServiceUnanswering(failures, kind)).toBe(expected);
    },
  );

  test.each([
    [1, 1, true],
    [0, 1, true],
    [5, 4, false],
    [5, 5, true],
  ])("with a threshold of %i, %i failures count: %s", (threshold, failures, expected) => {
    expect(isServiceUnanswering(failures, "rate-limited", threshold)).toBe(expected);
  });
});
