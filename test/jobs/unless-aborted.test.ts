import { describe, expect, test } from "vitest";
import { unlessAborted } from "../../src/jobs/unless-aborted.js";

const never = new Promise<string>(() => {});

describe("unlessAborted", () => {
  test("settles like the work when the signal never aborts", async () => {
    const signal = new AbortController().signal;
    await expect(unlessAborted(Promise.resolve("done"), signal)).resolves.toBe("done");
    await expect(unlessAborted(Promise.reject(new Error("failed")), signal)).rejects.toThrow("failed");
  });

  test("rejects with the abort reason as soon as the signal aborts, without waiting for the work", async () => {
    const controller = new AbortController();
    const waiting = unlessAborted(never, controller.signal);
    controller.abort(new Error("stopping"));
    await expect(waiting).rejects.toThrow("stopping");
  });

  test.each([
    ["before", true],
    ["after", false],
  ])(
    "a failure of the work after the signal aborted (%s the call) is dropped, not left unhandled",
    async (_when, abortFirst) => {
      const controller = new AbortController();
      if (abortFirst) controller.abort(new Error("stopped"));
      let fail: (err: Error) => void = () => {};
      const work = new Promise<string>((_, reject) => (fail = reject));
      const waiting = unlessAborted(work, controller.signal);
      controller.abort(new Error("stopped"));
      await expect(waiting).rejects.toThrow("stopped");
      const unhandled: unknown[] = [];
      const listener = (reason: unknown) => unhandled.push(reason);
      process.on("unhandledRejection", listener);
      fail(new Error("too late"));
      await new Promise((resolve) => setImmediate(resolve));
      process.off("unhandledRejection", listener);
      expect(unhandled).toEqual([]);
    },
  );
});
