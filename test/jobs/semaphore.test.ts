import { describe, expect, test } from "vitest";
import { Semaphore } from "../../src/jobs/semaphore.js";
import { settle } from "./manual-clock.js";

describe("Semaphore", () => {
  test("gives at most `limit` slots and hands freed slots to waiters first come, first served", async () => {
    const semaphore = new Semaphore(2);
    const [first, second] = await Promise.all([semaphore.acquire(), semaphore.acquire()]);
    const served: number[] = [];
    const waiters = [1, 2, 3].map((n) => semaphore.acquire().then((release) => (served.push(n), release)));
    await settle();
    expect([semaphore.inUse, semaphore.waiting, served]).toEqual([2, 3, []]);
    first?.();
    first?.();
    await settle();
    expect([semaphore.inUse, semaphore.waiting, served]).toEqual([2, 2, [1]]);
    second?.();
    (await waiters[0])?.();
    await settle();
    expect([semaphore.inUse, semaphore.waiting, served]).toEqual([2, 0, [1, 2, 3]]);
  });

  test("close wakes every waiter with no slot and refuses later requests", async () => {
    const semaphore = new Semaphore(1);
    await semaphore.acquire();
    const waiter = semaphore.acquire();
    semaphore.close();
    expect(await waiter).toBeNull();
    expect(await semaphore.acquire()).toBeNull();
  });

  test.each([0, -1, 1.5, NaN])("a limit of %s is refused with a clear error", (limit) => {
    expect(() => new Semaphore(limit)).toThrow(/whole number of at least 1/);
  });
});
