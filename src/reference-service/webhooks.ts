import { request } from "undici";
import type { Logger } from "../logger.js";
import type { ImageRecord } from "../service/schema.js";

/**
 * Sends `{event, payload}` to every registered URL on create and on every update, like the real service:
 * no signature, no retries, no ordering guarantee, fire and forget with a short timeout. A failing
 * receiver never disturbs the service.
 */
export class WebhookSender {
  readonly urls = new Set<string>();
  sent = 0;
  failed = 0;

  constructor(
    private readonly log: Logger,
    private readonly timeoutMs = 2000,
  ) {}

  send(record: ImageRecord, event: "create" | "update"): void {
    if (this.urls.size === 0) return;
    const body = JSON.stringify({ event: `images.items.${event}`, payload: record });
    for (const url of this.urls) {
      request(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      })
        .then(async (res) => {
          await res.body.dump();
          this.sent++;
        })
        .catch((err: unknown) => {
          this.failed++;
          this.log.debug({ err: String(err) }, "webhook delivery failed");
        });
    }
  }
}
