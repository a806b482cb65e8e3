/**
 * The bot's Prometheus metrics. Each {@link BotMetrics} owns its own registry (never prom-client's global
 * one), so tests and tools can create as many as they like. No Discord code here.
 * @see https://prometheus.io/docs/practices/naming/
 */
import { registerPoolMetrics, type PoolReading } from "./pool-metrics.js";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { JobOutcome } from "../imagine/job.js";
import {
  DELIVERY_ERROR_KINDS,
  DELIVERY_ROUTES,
  type DeliveryErrorKind,
  type DeliveryRoute,
} from "../jobs/delivery-error.js";
import { isServiceError, type ServiceErrorKind } from "../service/errors.js";

/** Every way a job can end (the `outcome` label of `imagine_jobs_finished_total`). */
export const JOB_OUTCOMES = [
  "completed",
  "failed",
  "timed-out",
  "lost",
  "message-deleted",
  "cancelled",
] as const satisfies readonly JobOutcome[];

/** The image-service calls counted by `imagine_service_requests_total` (a fixed set keeps the series few). */
export const SERVICE_OPERATIONS = [
  "create-image",
  "get-image",
  "get-service-status",
  "download-image",
] as const;
/** One of {@link SERVICE_OPERATIONS}. */
export type ServiceOperation = (typeof SERVICE_OPERATIONS)[number];

/**
 * The `outcome` label of a service request: `ok`, a {@link ServiceErrorKind}, or `unexpected` for something
 * thrown that is not a ServiceError (a bug: the client documents that it throws only ServiceErrors).
 */
export type ServiceRequestOutcome = "ok" | ServiceErrorKind | "unexpected";

/**
 * What the ops server did with one webhook call: `accepted` (a tracked job), `ignored` (an unknown job),
 * `rejected` (wrong secret, too large, not JSON, wrong shape) or `failed` (the bot's handler threw).
 */
export const WEBHOOK_RESULTS = ["accepted", "ignored", "rejected", "failed"] as const;
/** One of {@link WEBHOOK_RESULTS}. */
export type WebhookResult = (typeof WEBHOOK_RESULTS)[number];

/**
 * Why a webhook call changed nothing, so an owner can see webhooks doing nothing: `unknown_job` (no job
 * followed has that image id), `bad_secret` (wrong path secret), `bad_body` (not JSON, not an event, too
 * large), `bad_method` (not POST).
 */
export const WEBHOOK_IGNORE_REASONS = ["unknown_job", "bad_secret", "bad_body", "bad_method"] as const;
/** One of {@link WEBHOOK_IGNORE_REASONS}. */
export type WebhookIgnoreReason = (typeof WEBHOOK_IGNORE_REASONS)[number];

/** Compiles only when `Listed` names every member of `All`. */
type Exhaustive<All, Listed extends All> = [Exclude<All, Listed>] extends [never] ? true : never;
const _allOutcomesListed: Exhaustive<JobOutcome, (typeof JOB_OUTCOMES)[number]> = true;

/** Delivery latency buckets in seconds: 10 ms up to a minute, roughly doubling. */
export const DELIVERY_LATENCY_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60] as const;

/** Options of {@link BotMetrics}. */
export interface BotMetricsOptions {
  /** Also collect prom-client's default Node process metrics (CPU, memory, event loop, GC). Default true. */
  processMetrics?: boolean;
}

/** What {@link BotMetrics.render} returns: the body of `GET /metrics` and its `Content-Type`. */
export interface RenderedMetrics {
  contentType: string;
  body: string;
}

/** The bot's metrics, with one small typed method per thing it records. */
export class BotMetrics {
  /** This instance's own registry (for merging into another exporter if ever needed). */
  readonly registry = new Registry();

  readonly #jobsInFlight: Gauge;
  readonly #jobsFinished: Counter<"outcome">;
  readonly #serviceRequests: Counter<"operation" | "outcome">;
  readonly #discordEdits: Counter<"route" | "final">;
  readonly #discordDeliveryFailures: Counter<"kind" | "final">;
  readonly #discordRateLimits: Counter;
  readonly #webhooksReceived: Counter<"result">;
  readonly #webhooksIgnored: Counter<"reason">;
  readonly #deliveryLatency: Histogram;
  readonly #process: Gauge<"process_id">;
  readonly #shards: Gauge<"shard">;

  constructor(options: BotMetricsOptions = {}) {
    const registers = [this.registry];
    this.#jobsInFlight = new Gauge({
      name: "imagine_jobs_in_flight",
      help: "Image jobs being followed right now (submitted, not yet finished and delivered).",
      registers,
    });
    this.#process = new Gauge({
      name: "imagine_process_info",
      help: "This bot process's id in the fleet (always 1): the owner of the jobs it follows.",
      labelNames: ["process_id"],
      registers,
    });
    this.#shards = new Gauge({
      name: "imagine_gateway_shard",
      help: "The Discord gateway shards this process runs (1 each).",
      labelNames: ["shard"],
      registers,
    });
    this.#jobsFinished = new Counter({
      name: "imagine_jobs_finished_total",
      help: "Image jobs that ended, by outcome.",
      labelNames: ["outcome"],
      registers,
    });
    this.#serviceRequests = new Counter({
      name: "imagine_service_requests_total",
      help: "Calls to the image service, by operation and outcome (ok or the error kind).",
      labelNames: ["operation", "outcome"],
      registers,
    });
    this.#discordEdits = new Counter({
      name: "imagine_discord_edits_total",
      help: "Job messages sent or edited on Discord, by route and whether it was the final message.",
      labelNames: ["route", "final"],
      registers,
    });
    this.#discordDeliveryFailures = new Counter({
      name: "imagine_discord_delivery_failures_total",
      help: "Failed sends or edits of job messages on Discord, by kind and whether it was the final message.",
      labelNames: ["kind", "final"],
      registers,
    });
    this.#discordRateLimits = new Counter({
      name: "imagine_discord_rate_limits_total",
      help: "Discord 429 answers and rate-limit waits seen by the bot.",
      registers,
    });
    this.#webhooksReceived = new Counter({
      name: "imagine_webhooks_received_total",
      help: "Webhook calls from the image service, by result.",
      labelNames: ["result"],
      registers,
    });
    this.#webhooksIgnored = new Counter({
      name: "imagine_webhooks_ignored_total",
      help: "Webhook calls that changed nothing, by reason (unknown_job, bad_secret, bad_body, bad_method).",
      labelNames: ["reason"],
      registers,
    });
    this.#deliveryLatency = new Histogram({
      name: "imagine_delivery_latency_seconds",
      help: "Time from the bot first seeing a job finished to its final message being delivered.",
      buckets: [...DELIVERY_LATENCY_BUCKETS],
      registers,
    });
    // Zeroed series exist from the start, so rate() works before the first event of each kind.
    for (const outcome of JOB_OUTCOMES) this.#jobsFinished.inc({ outcome }, 0);
    for (const result of WEBHOOK_RESULTS) this.#webhooksReceived.inc({ result }, 0);
    for (const reason of WEBHOOK_IGNORE_REASONS) this.#webhooksIgnored.inc({ reason }, 0);
    for (const route of DELIVERY_ROUTES) {
      for (const final of ["true", "false"]) this.#discordEdits.inc({ route, final }, 0);
    }
    for (const kind of DELIVERY_ERROR_KINDS) {
      for (const final of ["true", "false"]) this.#discordDeliveryFailures.inc({ kind, final }, 0);
    }
    for (const operation of SERVICE_OPERATIONS) this.#serviceRequests.inc({ operation, outcome: "ok" }, 0);
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Sets how many jobs are being followed now.
   * @throws {RangeError} for a negative or non-integer count.
   */
  setJobsInFlight(count: number): void {
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new RangeError(`jobs in flight must be a whole number >= 0, got ${String(count)}`);
    }
    this.#jobsInFlight.set(count);
  }

  /** Reads the pool of ImagineAPI servers at each scrape (see `pool-metrics.ts`). */
  watchPool(read: () => PoolReading): void {
    registerPoolMetrics(this.registry, read);
  }

  /** Says which process this is and which gateway shards it runs. */
  setProcess(processId: string, shards: readonly number[]): void {
    this.#process.reset();
    this.#process.set({ process_id: processId }, 1);
    this.#shards.reset();
    for (const shard of shards) this.#shards.set({ shard: String(shard) }, 1);
  }

  /** Counts one job that ended with `outcome`. */
  jobFinished(outcome: JobOutcome): void {
    this.#jobsFinished.inc({ outcome });
  }

  /** Counts one call to the image service that ended with `outcome` (`ok` or the error kind). */
  serviceRequest(operation: ServiceOperation, outcome: ServiceRequestOutcome): void {
    this.#serviceRequests.inc({ operation, outcome });
  }

  /** Counts one failed call to the image service, labelled with the error's kind (see {@link serviceOutcomeOf}). */
  serviceRequestFailed(operation: ServiceOperation, err: unknown): void {
    this.serviceRequest(operation, serviceOutcomeOf(err));
  }

  /** Counts one message sent or edited on Discord; `final` is true for the job's last message. */
  discordEdit(route: DeliveryRoute, final: boolean): void {
    this.#discordEdits.inc({ route, final: String(final) });
  }

  /** Counts one failed send or edit of a job message on Discord, by why it failed. */
  discordDeliveryFailed(kind: DeliveryErrorKind, final: boolean): void {
    this.#discordDeliveryFailures.inc({ kind, final: String(final) });
  }

  /** Counts one Discord rate limit (a 429 answer, or a wait discord.js reported). */
  discordRateLimited(): void {
    this.#discordRateLimits.inc();
  }

  /** Counts one webhook call by what became of it, and why when it changed nothing. */
  webhookReceived(result: WebhookResult, reason?: WebhookIgnoreReason): void {
    this.#webhooksReceived.inc({ result });
    if (reason !== undefined) this.#webhooksIgnored.inc({ reason });
  }

  /**
   * Records how long a final message took to reach Discord after the bot first saw the job finished.
   * @throws {RangeError} for a negative or non-finite duration.
   */
  deliveryLatency(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new RangeError(
        `delivery latency must be a finite number of seconds >= 0, got ${String(seconds)}`,
      );
    }
    this.#deliveryLatency.observe(seconds);
  }

  /** Renders every metric in the Prometheus text exposition format. */
  async render(): Promise<RenderedMetrics> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** The `outcome` label for something a service call threw: its ServiceError kind, else `unexpected`. */
export function serviceOutcomeOf(err: unknown): ServiceRequestOutcome {
  return isServiceError(err) ? err.kind : "unexpected";
}
