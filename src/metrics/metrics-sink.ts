/**
 * Where the bot's counters go. prom-client (about 6 MiB of RSS once loaded, plus its default process
 * collectors) is imported only when something can read the metrics: the ops server, which runs only when
 * HTTP_PORT is set. Without it, recording is a no-op.
 */
import type { Config } from "../config.js";
import type { BotMetrics } from "./metrics.js";

/** What the bot records, and how `GET /metrics` renders it: {@link BotMetrics} or {@link discardedMetrics}. */
export type MetricsSink = Pick<
  BotMetrics,
  | "setJobsInFlight"
  | "jobFinished"
  | "serviceRequest"
  | "serviceRequestFailed"
  | "discordEdit"
  | "discordDeliveryFailed"
  | "discordRateLimited"
  | "webhookReceived"
  | "deliveryLatency"
  | "render"
  | "setProcess"
  | "watchPool"
>;

const ignore = (): void => undefined;

/** Records nothing: the metrics of a bot without HTTP_PORT, which nobody can scrape. */
export const discardedMetrics: MetricsSink = {
  setJobsInFlight: ignore,
  jobFinished: ignore,
  serviceRequest: ignore,
  serviceRequestFailed: ignore,
  discordEdit: ignore,
  discordDeliveryFailed: ignore,
  discordRateLimited: ignore,
  webhookReceived: ignore,
  deliveryLatency: ignore,
  setProcess: ignore,
  watchPool: ignore,
  render: () =>
    Promise.resolve({
      contentType: "text/plain; version=0.0.4; charset=utf-8",
      body: "# Metrics are collected only when HTTP_PORT is set.\n",
    }),
};

/** Prometheus metrics (prom-client, loaded now) when HTTP_PORT is set, otherwise {@link discardedMetrics}. */
export async function createMetrics(config: Pick<Config, "HTTP_PORT">): Promise<MetricsSink> {
  if (config.HTTP_PORT === undefined) return discardedMetrics;
  const { BotMetrics } = await import("./metrics.js");
  return new BotMetrics();
}
