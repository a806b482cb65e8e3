/** A member paused after Midjourney's refusals (`RefusalPauses`) starts nothing until the pause ends. */
import type { RefusalPauses } from "../moderation/refusal-pauses.js";
import type { AdmissionCheck } from "./admission-check.js";
import { RefusedError } from "./refused-error.js";

/** Refuses a paused member's submission, where the pause applies (a server, or DMs); none without `pauses`. */
export function pauseCheck(pauses: Pick<RefusalPauses, "activePause"> | undefined): AdmissionCheck {
  return async ({ request: { requester } }) => {
    const pause = await pauses?.activePause(requester.userId, requester.guildId);
    if (!pause) return;
    const { until, refusals } = pause;
    throw new RefusedError({ code: "paused", until, refusals, inDm: requester.guildId === null });
  };
}
