/** One word for what a server of the pool does now, for the metrics (`imagine_server_state`). */
import type { ServerState } from "../../metrics/pool-metrics.js";
import type { ImageServer } from "../image-server.js";
import type { AccountState } from "./account-health.js";

/** The state of `server` at `now`, its account's state being `account`: the worst reason first. */
export function serverState(
  server: Pick<ImageServer, "health" | "statusRefuses" | "backingOff">,
  account: AccountState,
  now: number,
): ServerState {
  if (account.kind === "held") return "held";
  const { botStatus, checkedAt } = server.health.last;
  if (botStatus === null && checkedAt !== null) return "not-answering";
  if (server.statusRefuses) return "not-working";
  if (account.kind !== "open") return account.kind;
  if (server.backingOff(now)) return "backing-off";
  return "working";
}
