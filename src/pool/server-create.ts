/**
 * Sending one create to one server of the pool: the slot checks (here when bounded, across the fleet when
 * there is one), the server's count of creates in flight, and its back-off after a failed create.
 */
import type { ServerSlotLedger } from "../fleet/fleet-channels.js";
import { NoFreeSlotError } from "../imagine/image-servers.js";
import type { Logger } from "../logger.js";
import type { ImageRecord } from "../service/schema.js";
import { isServerDown, type ImageServer } from "./image-server.js";

/** A fleet on Postgres: where a create first holds one of its server's slots, and for how long. */
export interface FleetSlots {
  ledger: Pick<ServerSlotLedger, "take" | "release">;
  owner: string;
  holdMs: number;
}

/** What {@link sendCreate} needs of its pool: its settings, server 1, its logger and its followed jobs. */
export interface CreateSender {
  deps: {
    now: () => number;
    fleet?: FleetSlots;
    bounded?: boolean;
  };
  first: ImageServer;
  log: Logger;
  /** The server of each job followed now, by image id: a made record is added. */
  byImage: Map<string, ImageServer>;
}

/**
 * Makes a record on `server` with `create` once a slot is free there (and held across the fleet); the record
 * is then followed and holds the slot.
 * @throws {NoFreeSlotError} when the server's slots are all taken; else the create's failure.
 */
export async function sendCreate(
  sender: CreateSender,
  server: ImageServer,
  ref: string,
  inTurn: boolean,
  create: (server: ImageServer) => Promise<ImageRecord>,
): Promise<ImageRecord> {
  const { deps, log } = sender;
  const { fleet } = deps;
  // Checked at the send itself: a job that saw a free slot may find it taken after an await.
  if (deps.bounded && server.inUse >= server.slots) throw new NoFreeSlotError(server.name);
  server.creating++;
  let held = false;
  try {
    if (fleet) {
      held = await fleet.ledger.take({
        ref,
        server: server.name,
        slots: server.slots,
        firstServer: sender.first.name,
        owner: fleet.owner,
        expiresAt: deps.now() + fleet.holdMs,
        inTurn,
      });
      if (!held) throw new NoFreeSlotError(server.name);
    }
    const record = await create(server);
    server.created(deps.now());
    sender.byImage.set(record.id, server);
    server.running.add(record.id);
    return record;
  } catch (err) {
    // No record was made: the slot is free again for the fleet (a hold of a made record stays until its job is saved).
    if (held) await fleet?.ledger.release(ref).catch(() => {});
    if (isServerDown(err)) {
      server.createFailed(err, deps.now());
      log.warn(
        { server: server.name, err },
        "a create failed on this image server; it gets no new job for a while",
      );
    }
    throw err;
  } finally {
    server.creating--;
  }
}
