import { describe, expect, test } from "vitest";
import { createConcurrencyLimiter } from "../../src/service/limiter.js";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("createConcurrencyLimiter", () => {
  test("runs at most max tasks at once and starts waiting tasks in order", async () => {
    const limiter = createConcurrencyLimiter(2);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();

    expect(started).toEqual([0, 1]);
    expect([limiter.active, limiter.waiting]).toEqual([2, 1]);

    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);

    gates[0]?.resolve();
    gates[2]?.resolve();
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2]);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  test("a failing task releases its slot", async () => {
    const limiter = createConcurrencyLimiter(1);

    await expect(limiter.run(() => Promise.reject(new Error("no")))).rejects.toThrow("no");
    await expect(limiter.run(async () => "next")).resolves.toBe("next");
  });

  test.each([0, -1, 1.5, Number.NaN])("a limit of %s is refused", (max) => {
    expect(() => createConcurrencyLimiter(max)).toThrow(RangeError);
  });
});
