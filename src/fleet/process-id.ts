/** Names a bot process in the fleet. */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

/**
 * A new id for this process: host name and pid (what an operator recognises in `/imagine-status` and the
 * logs) and a random suffix, so a restarted process with a reused pid never inherits a dead one's leases.
 */
export function newProcessId(): string {
  return `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
}
