import { request } from "undici";
import type { Logger } from "../../src/logger.js";

/**
 * The `user-agent` of a self-hosted server's webhook flow (Directus 9.23's axios); the hosted service's is
 * not documented, so the hosted profile sends undici's own.
 */
export const SELF_HOSTED_WEBHOOK_USER_AGENT = "axios/1.3.3";

/**
 * Sends `{event, payload}` to every registered URL on create and on every update, like the real service:
 * `content-type: application/json`, no signature, no retries, no ordering guarantee, fire and forget with
 * a short timeout. A failing receiver never disturbs the service.
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
    /** Headers sent besides `content-type`. */
    private readonly extraHeaders: Readonly<Record<string, string>> = {},
    private readonly timeoutMs = 2000,
  ) {}

  /** Posts the record (as the server sends records) to every receiver; never throws and never waits. */
  send(record: Readonly<Record<string, unknown>>, event: "create" | "update"): void {
    if (this.urls.size === 0) return;
    const body = JSON.stringify({ event: `images.items.${event}`, payload: record });
    for (const url of this.urls) {
      // undici throws synchronously for a URL it cannot parse: that must not fail the API request.
      let delivery: ReturnType<typeof request>;
      try {
        delivery = request(url, {
          method: "POST",
          headers: { ...this.extraHeaders, "content-type": "application/json" },
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
