/** The state `MessageUpdateThrottle` keeps per job's message, and per update on its way (see there). */
import type { ShowOutcome } from "./message-update-options.js";

/** An update waiting to be sent, or in flight, with whoever waits for its outcome. */
export interface QueuedUpdate<P> {
  readonly payload: P;
  readonly key: string;
  readonly final: boolean;
  readonly waiters: Array<(outcome: ShowOutcome) => void>;
  attempts: number;
  firstFailureAt: number | undefined;
}

/** Where one job's message stands: what it shows, what is in flight and pending, and when it may be edited. */
export interface MessageState<P> {
  readonly editKey: string;
  /** Key of the newest update accepted (pending, in flight or shown). */
  latestKey: string | null;
  /** Key of the last update delivered. */
  shownKey: string | null;
  lastSendAt: number;
  notBefore: number;
  inFlight: QueuedUpdate<P> | null;
  pending: QueuedUpdate<P> | null;
  finalRequested: boolean;
  /** The message is gone: progress updates are skipped, only a final one is still sent. */
  messageGone: boolean;
}

/** Tells everyone waiting for `item` how it went. */
export function settle<P>(item: QueuedUpdate<P>, outcome: ShowOutcome): void {
  for (const resolve of item.waiters.splice(0)) resolve(outcome);
}
