import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, test } from "vitest";
import { Semaphore, type ReleaseSlot } from "../../src/service/semaphore.js";
import { settle } from "../jobs/manual-clock.js";

describe("Semaphore", () => {
  test("gives at most `limit` slots and hands freed slots to waiters first come, first served", async () => {
    const semaphore = new Semaphore(2);
    const releases: Array<ReleaseSlot | null> = [];
    const served: number[] = [];
    semaphore.whenFree((release) => releases.push(release));
    semaphore.whenFree((release) => releases.push(release));
    const [first, second] = releases;
    const waiters: Array<ReleaseSlot | null> = [];
    for (const n of [1, 2, 3])
      semaphore.whenFree((release) => {
        served.push(n);
        waiters.push(release);
      });
    await settle();
    expect([semaphore.inUse, semaphore.waiting, served]).toEqual([2, 3, []]);
    first?.();
    first?.();
    await settle();
    expect([semaphore.inUse, semaphore.waiting, served]).toEqual([2, 2, [1]]);
    second?.();
    waiters[0]?.();
    await settle();
    expect([semaphore.inUse, semaphore.waiting, served]).toEqual([2, 0, [1, 2, 3]]);
  });

  test("close wakes every waiter with no slot and refuses later requests", () => {
    const semaphore = new Semaphore(1);
    const got: boolean[] = [];
    semaphore.whenFree(() => {});
    semaphore.whenFree((release) => got.push(release !== null));
    semaphore.close();
    semaphore.whenFree((release) => got.push(release !== null));
    expect(got).toEqual([false, false]);
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

  test("run gives each task a slot in turn and a failing task gives its slot back", async () => {
    const semaphore = new Semaphore(1);
    const order: string[] = [];
    const failing = semaphore.run(async () => {
      order.push("fails");
      throw new Error("no");
    });
    const next = semaphore.run(async () => {
      order.push("next");
      return "done";
    });
    expect(semaphore.waiting).toBe(1);
    await expect(failing).rejects.toThrow("no");
    await expect(next).resolves.toBe("done");
    expect(order).toEqual(["fails", "next"]);
    expect([semaphore.inUse, semaphore.waiting]).toEqual([0, 0]);
  });

  test("run on a closed semaphore is refused without running the task", async () => {
    const semaphore = new Semaphore(1);
    semaphore.close();
    let ran = false;
    await expect(semaphore.run(async () => (ran = true))).rejects.toThrow(/closed/);
    expect(ran).toBe(false);
  });

  test.each([0, -1, 1.5, NaN])("a limit of %s is refused with a clear error", (limit) => {
    expect(() => new Semaphore(limit)).toThrow(/whole number of at least 1/);
  });

  test("a waiter that got its slot is not kept: what its task holds can be collected", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const semaphore = new Semaphore(1);
    const releases: ReleaseSlot[] = [];
    semaphore.whenFree((release) => {
      if (release) releases.push(release);
    });
    // A waiter's closure holds its task, as a queued poll holds its job's state.
    const queueHolding = (): WeakRef<object> => {
      const job = { id: "job" };
      semaphore.whenFree((release) => {
        void job.id;
        release?.();
      });
      return new WeakRef(job);
    };
    const held = queueHolding();
    releases[0]?.();
    await settle();
    expect(semaphore.waiting).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(held.deref()).toBeUndefined();
  });
});
