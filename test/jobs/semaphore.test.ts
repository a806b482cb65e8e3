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

  test("whenFree runs a task at once while a slot is free, and queued tasks in order as slots come back", async () => {
    const semaphore = new Semaphore(1);
    const order: string[] = [];
    const releases: Array<(() => void) | null> = [];
    for (const name of ["a", "b", "c"])
      semaphore.whenFree((release) => {
        order.push(name);
        releases.push(release);
      });
    expect(order).toEqual(["a"]);
    expect(semaphore.waiting).toBe(2);
    releases[0]?.();
    await Promise.resolve();
    expect(order).toEqual(["a", "b"]);
    releases[1]?.();
    await Promise.resolve();
    expect(order).toEqual(["a", "b", "c"]);
    expect(semaphore.inUse).toBe(1);
  });

  test("ten thousand queued tasks that give their slot back at once all run, one after another", async () => {
    const semaphore = new Semaphore(1);
    let ran = 0;
    let hold: (() => void) | null = null;
    semaphore.whenFree((release) => (hold = release));
    for (let i = 0; i < 10_000; i++)
      semaphore.whenFree((release) => {
        ran++;
        release?.();
      });
    hold!();
    await settle();
    expect(ran).toBe(10_000);
    expect([semaphore.inUse, semaphore.waiting]).toEqual([0, 0]);
  });

  test("close gives queued whenFree tasks no slot, and later ones none either", () => {
    const semaphore = new Semaphore(1);
    const got: Array<boolean> = [];
    semaphore.whenFree(() => {});
    semaphore.whenFree((release) => got.push(release !== null));
    semaphore.close();
    semaphore.whenFree((release) => got.push(release !== null));
    expect(got).toEqual([false, false]);
  });

  test.each([0, -1, 1.5, NaN])("a limit of %s is refused with a clear error", (limit) => {
    expect(() => new Semaphore(limit)).toThrow(/whole number of at least 1/);
  });
});
