/**
 * Admission's first rule: a server's channel rules (allowed channels, age-restricted only); none in DMs. In a
 * server the bot is not in there are no server settings, but the owner's age-restricted-only rule holds.
 */
import { checkPlace } from "../moderation/server-rules.js";
import type { AdmissionCheck } from "./admission-check.js";
import { RefusedError } from "./refused-error.js";

/** Refuses a submission in a channel the server's rules do not allow. */
export const placeCheck: AdmissionCheck = ({ request, settings }) => {
  if (!request.place) return;
  const refusal = checkPlace(settings, request.place);
  if (refusal) throw new RefusedError(refusal);
};
