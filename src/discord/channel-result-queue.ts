/**
 * Posts results into a channel at the channel's pace: one message in flight per channel; a result that
 * finds the channel free goes out at once, alone, exactly as before; results that arrive while a post is in
 * flight (held back by Discord's message-create limit of the channel, which discord.js waits out) wait, and
 * the next post carries as many of them as fit in one message (see `resultsFitting`). So a channel where 100
 * results end together gets them in about 20 messages instead of 100, each requester pinged once.
 * @see https://discord.com/developers/docs/topics/rate-limits
 */
import type { APIMessage } from "discord-api-types/v10";
import type { OutgoingMessage } from "../imagine/outgoing-message.js";
import { isDeliveryError } from "../jobs/delivery-error.js";
import type { Logger } from "../logger.js";
import {
  batchNonce,
  carriesResult,
  combineResults,
  isFresh,
  nextBatch,
  type BatchLimits,
} from "./result-batch.js";

/** One result to post: the message as it would be posted alone (mentioning its requester). */
export interface QueuedResultPost {
  message: OutgoingMessage;
  requesterId: string;
  /** The result's own nonce (used as is when it is posted alone). */
  nonce: string;
  /**
   * Records the nonce the result is about to be posted under, before it is posted, and returns the one on
   * record (an earlier claim wins): after a crash between posting and recording, the result is posted again
   * under its first nonce, with the results it went with, and Discord returns the message already posted.
   * Without it (tests), the nonce is not recorded.
   */
  claim?: (nonce: string) => Promise<string>;
  log: Logger;
}

/** Sends one message with a nonce Discord enforces. Throws `DeliveryError`s. */
export type NoncedPost = (
  channelId: string,
  message: OutgoingMessage,
  options: { nonce: string; log: Logger },
) => Promise<APIMessage>;

interface Waiting extends QueuedResultPost {
  /** The nonce on record for this result, once a claim returned another than the one asked for. */
  claimedNonce?: string;
  /**
   * Posted alone under its own nonce, claiming nothing: the message Discord returned for its recorded nonce
   * did not carry it (that batch was never posted, and another of its results went out alone under it).
   */
  alone?: boolean;
  resolve: (message: APIMessage) => void;
  reject: (err: unknown) => void;
}

interface ChannelState {
  inFlight: boolean;
  waiting: Waiting[];
  /**
   * While results wait to go together: whether that wait is over. Its end is its timer firing, not a
   * comparison with the clock: a timer may fire a few ms before `Date.now()` reaches the moment it was set
   * for (Node's timers count from the event loop's cached time), and a result must never wait for a second
   * timer that nothing sets.
   */
  linger: { over: boolean } | undefined;
}

/** How a {@link ChannelResultQueue} paces a busy channel. */
export interface ChannelPacing {
  /** What one message may carry (default: Discord's limits). */
  limits?: BatchLimits;
  /**
   * A channel with a post this recent (ms) is busy: a result arriving then waits up to `lingerMs` for others
   * to go with it (a result in a quiet channel goes at once). Default 1000.
   */
  busyMs?: number;
  /** Default 300. */
  lingerMs?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => void;
}

/** Per-channel queues of results; see the module comment. */
export class ChannelResultQueue {
  private readonly channels = new Map<string, ChannelState>();
  /** When each channel's last post started (ms), kept for `busyMs`. */
  private readonly lastPostAt = new Map<string, number>();
  private readonly busyMs: number;
  private readonly lingerMs: number;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => void;

  constructor(
    private readonly send: NoncedPost,
    private readonly pacing: ChannelPacing = {},
  ) {
    this.busyMs = pacing.busyMs ?? 1000;
    this.lingerMs = pacing.lingerMs ?? 300;
    this.now = pacing.now ?? Date.now;
    this.setTimer = pacing.setTimer ?? ((fn, ms) => void setTimeout(fn, ms).unref());
  }

  /**
   * Posts `result` in `channelId`, alone or together with other waiting results; resolves with the message
   * that carries it.
   * @throws {DeliveryError} as the post failed (for a batch: for each of its results).
   */
  post(channelId: string, result: QueuedResultPost): Promise<APIMessage> {
    let state = this.channels.get(channelId);
    if (!state) {
      state = { inFlight: false, waiting: [], linger: undefined };
      this.channels.set(channelId, state);
    }
    const current = state;
    return new Promise<APIMessage>((resolve, reject) => {
      current.waiting.push({ ...result, resolve, reject });
      this.pump(channelId, current);
    });
  }

  /** Channels with results waiting or in flight. */
  get busyChannels(): number {
    return this.channels.size;
  }

  /**
   * Channels the queue remembers anything of: results waiting or in flight, or a post within `busyMs`.
   * A channel quiet for longer is forgotten, so a bot in thousands of channels holds only its busy ones.
   */
  get channelsHeld(): number {
    this.forgetQuiet(this.now());
    return new Set([...this.channels.keys(), ...this.lastPostAt.keys()]).size;
  }

  private pump(channelId: string, state: ChannelState): void {
    if (state.inFlight) return;
    if (state.waiting.length === 0) {
      this.channels.delete(channelId);
      this.forgetQuiet(this.now());
      return;
    }
    const batch = nextBatch(state.waiting, this.pacing.limits);
    const now = this.now();
    // More new results wait than one message holds: no reason to wait for others.
    const full = batch.length < state.waiting.filter(isFresh).length;
    const fresh = batch[0] !== undefined && isFresh(batch[0]);
    if (!full && fresh && this.busy(channelId, now)) {
      if (state.linger === undefined) {
        const linger = { over: false };
        state.linger = linger;
        this.setTimer(() => {
          linger.over = true;
          this.pump(channelId, state);
        }, this.lingerMs);
      }
      if (!state.linger.over) return;
    }
    state.linger = undefined;
    state.waiting = state.waiting.filter((w) => !batch.includes(w));
    state.inFlight = true;
    this.lastPostAt.set(channelId, now);
    void this.postBatch(channelId, state, batch).finally(() => {
      state.inFlight = false;
      this.pump(channelId, state);
    });
  }

  /** Whether the channel had a post within `busyMs` (forgetting channels quiet for longer). */
  private busy(channelId: string, now: number): boolean {
    this.forgetQuiet(now);
    return this.lastPostAt.has(channelId);
  }

  private forgetQuiet(now: number): void {
    for (const [id, at] of this.lastPostAt) if (now - at >= this.busyMs) this.lastPostAt.delete(id);
  }

  private async postBatch(channelId: string, state: ChannelState, chosen: Waiting[]): Promise<void> {
    const [alone] = chosen;
    if (alone?.alone === true) {
      await this.settle([alone], () =>
        this.send(channelId, alone.message, { nonce: alone.nonce, log: alone.log }),
      );
      return;
    }
    const recorded = chosen[0]?.claimedNonce;
    const nonce = recorded ?? batchNonce(chosen.map((w) => w.nonce));
    const batch = await this.claimed(state, chosen, nonce);
    const [first] = batch;
    if (!first) return;
    if (recorded !== undefined) {
      await this.repost(channelId, state, batch, recorded);
      return;
    }
    if (batch.length === 1) {
      await this.settle(batch, () => this.send(channelId, first.message, { nonce, log: first.log }));
      return;
    }
    const log = first.log.child({ batchNonce: nonce, batchSize: batch.length });
    try {
      const posted = await this.send(channelId, combineResults(batch), { nonce, log });
      log.info({ messageId: posted.id }, "posted several results in one message");
      for (const w of batch) w.resolve(posted);
    } catch (err) {
      if (!isDeliveryError(err, "invalid")) {
        for (const w of batch) w.reject(err);
        return;
      }
      // A batch Discord refuses as a body must not cost its results: each goes alone, as it would have.
      log.warn({ err }, "Discord refused a batch of results; posting them one by one");
      for (const w of batch) {
        await this.settle([w], () => this.send(channelId, w.message, { nonce: w.nonce, log: w.log }));
      }
    }
  }

  /**
   * The results of `chosen` whose claim of `nonce` holds. One claimed before under another nonce goes back
   * to the front of the queue with that nonce (to go with the results it first went with); one whose claim
   * failed fails (the store's error, retried like any transient failure).
   */
  private async claimed(state: ChannelState, chosen: Waiting[], nonce: string): Promise<Waiting[]> {
    const claims = await Promise.allSettled(
      chosen.map((w) => (w.claim && w.claimedNonce === undefined ? w.claim(nonce) : nonce)),
    );
    const kept: Waiting[] = [];
    const back: Waiting[] = [];
    chosen.forEach((w, i) => {
      const claim = claims[i];
      if (claim?.status === "rejected") w.reject(claim.reason);
      else if (claim?.value === nonce) kept.push(w);
      else if (claim) back.push({ ...w, claimedNonce: claim.value });
    });
    state.waiting.unshift(...back);
    return kept;
  }

  /**
   * Posts again results recorded under `nonce` before a restart (or by another process of a fleet). If that
   * batch was posted, Discord returns its message, which carries them. If it was not, the first of its results
   * to go again is posted under the nonce alone (or with those of them waiting here), and the message
   * returned to the others does not carry them: each of those goes alone under its own nonce, so a result
   * is neither lost nor posted twice.
   */
  private async repost(
    channelId: string,
    state: ChannelState,
    batch: Waiting[],
    nonce: string,
  ): Promise<void> {
    const [first] = batch;
    if (!first) return;
    const message = batch.length === 1 ? first.message : combineResults(batch);
    let posted: APIMessage;
    try {
      posted = await this.send(channelId, message, { nonce, log: first.log });
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
    const missing: Waiting[] = [];
    for (const w of batch) {
      if (carriesResult(posted, w)) w.resolve(posted);
      else missing.push({ ...w, alone: true });
    }
    if (missing.length === 0) return;
    first.log.info(
      { batchNonce: nonce, messageId: posted.id, results: missing.length },
      "the message of a recorded batch does not carry these results; posting each alone",
    );
    state.waiting.unshift(...missing);
  }

  private async settle(batch: Waiting[], send: () => Promise<APIMessage>): Promise<void> {
    try {
      const posted = await send();
      for (const w of batch) w.resolve(posted);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}
