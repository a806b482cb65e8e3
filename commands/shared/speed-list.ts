/**
 * A list of speeds as a member types it in an option (`/imagine-config speeds`, `role-speeds`, `/settings
 * speed`), read against what some server of the pool can run.
 */
import { UserError } from "../../src/errors.js";
import { isSpeed, SPEEDS, type Speed } from "../../src/prompt/speed.js";

/** Speeds as a member reads them in a message: `` `--fast`, `--relax` ``. */
export const shownSpeeds = (speeds: readonly Speed[]): string => speeds.map((s) => `\`--${s}\``).join(", ");

/**
 * Reads a comma-separated list of speeds (`fast, turbo`; dashes allowed), each one the server can run.
 * @throws {UserError} naming what is not a speed, or what the server cannot run.
 */
export function parseSpeeds(text: string, runnable: readonly Speed[]): Speed[] {
  const given = text
    .split(/[\s,]+/)
    .map((s) => s.replace(/^--/, "").trim().toLowerCase())
    .filter(Boolean);
  const unknown = given.filter((s) => !isSpeed(s));
  if (unknown.length > 0) {
    throw new UserError((t) => t("accountSafety.speedUnknown", { value: `\`${unknown.join(", ")}\`` }));
  }
  const speeds = SPEEDS.filter((s) => given.includes(s));
  const cannot = speeds.filter((s) => !runnable.includes(s));
  if (cannot.length > 0) {
    throw new UserError((t) =>
      t("accountSafety.speedCannotRun", { speed: shownSpeeds(cannot), speeds: shownSpeeds(runnable) }),
    );
  }
  return speeds;
}
