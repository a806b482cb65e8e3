/** What the pool of ImagineAPI servers (`ServerPool`) needs besides its servers. */
import type { Logger } from "../logger.js";
import type { AccountPort } from "./account-health/account-health.js";
import type { FleetSlots } from "./server-create.js";

/** What {@link ServerPool} needs besides its servers. */
export interface ServerPoolDeps {
  now: () => number;
  logger: Logger;
  /** The server name recorded with a stored job (for an image no longer followed, e.g. Enhance's grid). */
  storedServer: (imageId: string) => Promise<string | undefined>;
  /**
   * A fleet on Postgres: each server's slots are counted across the fleet, and a create is sent only once a
   * slot is held there. Absent: this process counts its own jobs.
   */
  fleet?: FleetSlots;
  /**
   * Jobs beyond a server's slots wait in the bot's line (several servers, or IMAGINE_API_SLOTS): no create is
   * sent to a server whose slots are all in use here, whatever the job (an upscale too). Absent: one server
   * is sent every job at once, as before the pool.
   */
  bounded?: boolean;
  /** Each server's account health: told of account notices (the server is held). Absent: none. */
  accounts?: Pick<AccountPort, "noticed">;
  /**
   * A job still `pending` this long on a server that reports a problem with a message is made again on
   * another server (IMAGINE_API_PENDING_MOVE_MS); 0 or absent: never.
   */
  pendingMoveMs?: number;
}
