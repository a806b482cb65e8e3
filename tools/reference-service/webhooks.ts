import { request } from "undici";
import type { Logger } from "../../src/logger.js";
import type { ImageRecord } from "../../src/service/schema.js";

/**
 * Sends `{event, payload}` to every registered URL on create and on every update, like the real service:
 * no signature, no retries, no ordering guarantee, fire and forget with a short timeout. A failing
 * receiver never disturbs the service.
 */
export class WebhookSender {
  /** Receivers; add or remove at run time. */
  readonly urls = new Set<string>();
  /** Deliveries answered with a 2xx status. */
  sent = 0;
  /** Deliveries that failed: no connection, a timeout, an invalid URL or a non-2xx answer. */
  failed = 0;

  constructor(
    private readonly log: Logger,
    private readonly timeoutMs = 2000,
  ) {}

  /** Posts the record to every receiver; never throws and never waits. */
  send(record: ImageRecord, event: "create" | "update"): void {
    if (this.urls.size === 0) return;
    const body = JSON.stringify({ event: `images.items.${event}`, payload: record });
    for (const url of this.urls) {
      // undici throws synchronously for a URL it cannot parse: that must not fail the API request.
      let delivery: ReturnType<typeof request>;
      try {
        delivery = request(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
          headersTimeout: this.timeoutMs,
          bodyTimeout: this.timeoutMs,
        });
      } catch (err) {
        delivery = Promise.reject(err as Error);
      }
      delivery
        .then(async (res) => {
          await res.body.dump();
          if (res.statusCode >= 200 && res.statusCode < 300) this.sent++;
          else this.failDelivery(`answered ${res.statusCode}`);
        })
        .catch((err: unknown) => this.failDelivery(String(err)));
    }
  }

  /** The URL is not logged: receivers carry their secret in the path. */
  private failDelivery(reason: string): void {
    this.failed++;
    this.log.debug({ reason }, "webhook delivery failed");
  }
}
