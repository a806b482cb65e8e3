/** Whether a server of the pool may run a job placed as `placement` (`placementOf`, the one definition). */
import { unknownPlacement, type Placement } from "../imagine/job-placement.js";
import type { ImageServer } from "./image-server.js";

/**
 * Whether `server` may run a job placed as `placement`: any server; one that runs the speed asked for
 * (`ServiceProfile.speeds`); the grid's server, when it is known (else any). No placement: any server.
 */
export function runsOn(server: ImageServer, placement: Placement | undefined): boolean {
  if (placement === undefined) return true;
  switch (placement.on) {
    case "any":
      return true;
    case "speed":
      return server.profile.speeds.includes(placement.speed);
    case "grid-server":
      return placement.server === undefined || server.name === placement.server;
    default:
      return unknownPlacement(placement);
  }
}
