/**
 * Speeds: one a prompt asks for must be one the member may use here (a server's speeds, a role's) and a
 * server of the pool can run; and the speed added to a prompt that names none.
 */
import { SPEEDS, type Speed } from "../prompt/speed.js";
import type { EffectiveSettings } from "../settings/effective-settings.js";
import type { AdmissionCheck } from "./admission-check.js";
import { RefusedError } from "./refused-error.js";

/** The speeds the job's servers can run (`ServiceProfile.speeds`), read at each submission. */
export type RunnableSpeeds = () => readonly Speed[];

/** All speeds: a service that says nothing of its speeds. */
export const ALL_SPEEDS: RunnableSpeeds = () => SPEEDS;

/** Refuses a speed not allowed here, or `--relax` where no server can follow relax mode. */
export function speedCheck(runnableSpeeds: RunnableSpeeds): AdmissionCheck {
  return ({ request, settings }) => {
    const asked = request.prompt.speed;
    if (asked === null) return;
    const runnable = runnableSpeeds();
    const allowed = runnable.filter((speed) => settings.speeds.value.includes(speed));
    if (allowed.includes(asked)) return;
    const why = runnable.includes(asked) ? "role" : "server";
    throw new RefusedError({ code: "speed-unavailable", speed: asked, why, available: allowed });
  };
}

/**
 * The speed added to a prompt that names none: the member's own (`memberSpeed`), else the server's default,
 * the first of them the member may use and a server can run; else none (the account's own mode). A member's
 * speed that is not allowed here is skipped, never refused: they did not type it.
 */
export function defaultSpeed(
  settings: EffectiveSettings,
  runnable: readonly Speed[],
  memberSpeed?: Speed,
): Speed | null {
  const usable = (speed: Speed | null | undefined): speed is Speed =>
    speed != null && runnable.includes(speed) && settings.speeds.value.includes(speed);
  if (usable(memberSpeed)) return memberSpeed;
  const server = settings.speed.value;
  return usable(server) ? server : null;
}
