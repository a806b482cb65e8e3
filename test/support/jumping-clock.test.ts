import { afterEach, expect, test } from "vitest";
import { EmulatorClock } from "../../tools/discord-emulator/clock.js";
import { jumpingClock } from "./jumping-clock.js";

const DAY_MS = 86_400_000;
let clock: ReturnType<typeof jumpingClock> | undefined;
afterEach(() => clock?.close());

/** Resolves after the jump's timers had their turn. */
const afterJump = () => new Promise((resolve) => setImmediate(resolve));

test("a timer a day away fires as soon as the emulator's clock jumps past it, not a day later", async () => {
  const emulated = new EmulatorClock();
  clock = jumpingClock(emulated);
  const fired: string[] = [];
  clock.setTimer(() => fired.push("day"), DAY_MS);
  clock.setTimer(() => fired.push("two days"), 2 * DAY_MS);
  emulated.advance(DAY_MS);
  await afterJump();
  expect(fired).toEqual(["day"]);
});

test("a cancelled timer does not fire at a jump, and one fired by a jump does not fire again on its own", async () => {
  const emulated = new EmulatorClock();
  clock = jumpingClock(emulated);
  let fired = 0;
  const cancel = clock.setTimer(() => fired++, 1_000);
  cancel();
  clock.setTimer(() => fired++, 20);
  emulated.advance(1_000);
  await afterJump();
  await new Promise((resolve) => setTimeout(resolve, 40));
  expect(fired).toBe(1);
});

test("a timer a jump does not reach waits out the rest of its delay", async () => {
  const emulated = new EmulatorClock();
  clock = jumpingClock(emulated);
  let fired = false;
  const done = new Promise<void>((resolve) =>
    clock!.setTimer(() => {
      fired = true;
      resolve();
    }, 50),
  );
  emulated.advance(10);
  await afterJump();
  expect(fired).toBe(false);
  await done;
  expect(fired).toBe(true);
});
