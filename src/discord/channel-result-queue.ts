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
import { batchNonce, combineResults, resultsFitting, type BatchLimits } from "./result-batch.js";

/** One result to post: the message as it would be posted alone (mentioning its requester). */
export interface QueuedResultPost {
  message: OutgoingMessage;
  requesterId: string;
  /** The result's own nonce (used as is when it is posted alone). */
  nonce: string;
  log: Logger;
}

/** Sends one message with a nonce Discord enforces. Throws `DeliveryError`s. */
export type NoncedPost = (
  channelId: string,
  message: OutgoingMessage,
  options: { nonce: string; log: Logger },
) => Promise<APIMessage>;

interface Waiting extends QueuedResultPost {
  resolve: (message: APIMessage) => void;
  reject: (err: unknown) => void;
}

interface ChannelState {
  inFlight: boolean;
  waiting: Waiting[];
}

/** Per-channel queues of results; see the module comment. */
export class ChannelResultQueue {
  private readonly channels = new Map<string, ChannelState>();

  constructor(
    private readonly send: NoncedPost,
    private readonly limits?: BatchLimits,
  ) {}

  /**
   * Posts `result` in `channelId`, alone or together with other waiting results; resolves with the message
   * that carries it.
   * @throws {DeliveryError} as the post failed (for a batch: for each of its results).
   */
  post(channelId: string, result: QueuedResultPost): Promise<APIMessage> {
    let state = this.channels.get(channelId);
    if (!state) {
      state = { inFlight: false, waiting: [] };
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

  private pump(channelId: string, state: ChannelState): void {
    if (state.inFlight) return;
    if (state.waiting.length === 0) {
      this.channels.delete(channelId);
      return;
    }
    const count = resultsFitting(state.waiting, this.limits);
    const batch = state.waiting.splice(0, count);
    state.inFlight = true;
    void this.postBatch(channelId, batch).finally(() => {
      state.inFlight = false;
      this.pump(channelId, state);
    });
  }

  private async postBatch(channelId: string, batch: Waiting[]): Promise<void> {
    const [first] = batch;
    if (!first) return;
    if (batch.length === 1) {
      await this.settle(batch, () =>
        this.send(channelId, first.message, { nonce: first.nonce, log: first.log }),
      );
      return;
    }
    const nonce = batchNonce(batch.map((w) => w.nonce));
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

  private async settle(batch: Waiting[], send: () => Promise<APIMessage>): Promise<void> {
    try {
      const posted = await send();
      for (const w of batch) w.resolve(posted);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}
