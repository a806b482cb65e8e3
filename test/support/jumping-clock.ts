/**
 * The bot's clock in end-to-end tests: the emulator's time (real time plus the test's jumps), with timers that
 * fire when that time reaches them, by waiting or by a jump. With plain `setTimeout`s a jump would leave a
 * timer on its old real delay, so work made due by the jump (a day's housekeeping, a token's expiry) would
 * wait for it.
 */
import type { CancelTimer, Clock } from "../../src/jobs/clock.js";
import type { EmulatorClock } from "../../tools/discord-emulator/clock.js";

interface JumpingTimer {
  readonly dueAt: number;
  readonly fn: () => void;
  real?: ReturnType<typeof setTimeout>;
}

/** A {@link Clock} on `emulated`; `close()` stops following its jumps and drops every timer. */
export function jumpingClock(emulated: EmulatorClock): Clock & { close(): void } {
  const timers = new Set<JumpingTimer>();
  const fire = (timer: JumpingTimer) => {
    if (!timers.delete(timer)) return;
    clearTimeout(timer.real);
    timer.fn();
  };
  // After the jump's caller has gone on, as a timer would: never inside `advance`.
  const jumped = () =>
    setImmediate(() => {
      const now = emulated.now();
      for (const timer of [...timers]) if (timer.dueAt <= now) fire(timer);
    });
  const stopFollowing = emulated.onJump(jumped);
  return {
    now: () => emulated.now(),
    setTimer(fn: () => void, delayMs: number): CancelTimer {
      const timer: JumpingTimer = { dueAt: emulated.now() + delayMs, fn };
      timer.real = setTimeout(() => fire(timer), delayMs);
      timers.add(timer);
      return () => {
        timers.delete(timer);
        clearTimeout(timer.real);
      };
    },
    close() {
      stopFollowing();
      for (const timer of timers) clearTimeout(timer.real);
      timers.clear();
    },
  };
}
