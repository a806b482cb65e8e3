import { describe, expect, test } from "vitest";
import { DELIVERY_ERROR_KINDS, DELIVERY_ROUTES } from "../../src/jobs/delivery-error.js";
import { BotMetrics, JOB_OUTCOMES, serviceOutcomeOf } from "../../src/metrics/metrics.js";
import { SERVICE_ERROR_KINDS, ServiceError } from "../../src/service/errors.js";
import { sampleValue } from "./sample-value.js";

async function text(metrics: BotMetrics): Promise<string> {
  return (await metrics.render()).body;
}

describe("BotMetrics", () => {
  test("two instances keep separate counts", async () => {
    const first = new BotMetrics({ processMetrics: false });
    const second = new BotMetrics({ processMetrics: false });
    first.discordRateLimited();
    first.discordRateLimited();
    expect(sampleValue(await text(first), "imagine_discord_rate_limits_total")).toBe(2);
    expect(sampleValue(await text(second), "imagine_discord_rate_limits_total")).toBe(0);
  });

  test("renders the Prometheus text format with its content type", async () => {
    const rendered = await new BotMetrics({ processMetrics: false }).render();
    expect(rendered.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(rendered.body).toContain("# TYPE imagine_jobs_in_flight gauge");
    expect(rendered.body).toContain("# TYPE imagine_delivery_latency_seconds histogram");
  });

  test("every fixed series is present at zero before anything happened", async () => {
    const body = await text(new BotMetrics({ processMetrics: false }));
    for (const outcome of JOB_OUTCOMES) {
      expect(sampleValue(body, `imagine_jobs_finished_total{outcome="${outcome}"}`)).toBe(0);
    }
    for (const result of ["accepted", "ignored", "rejected", "failed"]) {
      expect(sampleValue(body, `imagine_webhooks_received_total{result="${result}"}`)).toBe(0);
    }
    expect(sampleValue(body, 'imagine_discord_edits_total{route="dm",final="true"}')).toBe(0);
    expect(sampleValue(body, 'imagine_service_requests_total{operation="get-image",outcome="ok"}')).toBe(0);
  });

  test("sets the jobs in flight gauge", async () => {
    const metrics = new BotMetrics({ processMetrics: false });
    metrics.setJobsInFlight(7);
    metrics.setJobsInFlight(3);
    expect(sampleValue(await text(metrics), "imagine_jobs_in_flight")).toBe(3);
  });

  test.each([-1, 1.5, Number.NaN])("refuses %s jobs in flight", (count) => {
    expect(() => new BotMetrics({ processMetrics: false }).setJobsInFlight(count)).toThrow(RangeError);
  });

  test.each(JOB_OUTCOMES)("counts a job finished as %s under its own outcome", async (outcome) => {
    const metrics = new BotMetrics({ processMetrics: false });
    metrics.jobFinished(outcome);
    metrics.jobFinished(outcome);
    const body = await text(metrics);
    expect(sampleValue(body, `imagine_jobs_finished_total{outcome="${outcome}"}`)).toBe(2);
    const others = JOB_OUTCOMES.filter((o) => o !== outcome);
    for (const other of others)
      expect(sampleValue(body, `imagine_jobs_finished_total{outcome="${other}"}`)).toBe(0);
  });

  test("counts service requests by operation and outcome", async () => {
    const metrics = new BotMetrics({ processMetrics: false });
    metrics.serviceRequest("create-image", "ok");
    metrics.serviceRequest("get-image", "ok");
    metrics.serviceRequest("get-image", "ok");
    metrics.serviceRequest("get-image", "rate-limited");
    const body = await text(metrics);
    expect(sampleValue(body, 'imagine_service_requests_total{operation="create-image",outcome="ok"}')).toBe(
      1,
    );
    expect(sampleValue(body, 'imagine_service_requests_total{operation="get-image",outcome="ok"}')).toBe(2);
    expect(
      sampleValue(body, 'imagine_service_requests_total{operation="get-image",outcome="rate-limited"}'),
    ).toBe(1);
  });

  test.each(SERVICE_ERROR_KINDS)("labels a failed request with the ServiceError kind %s", async (kind) => {
    const metrics = new BotMetrics({ processMetrics: false });
    metrics.serviceRequestFailed("get-service-status", new ServiceError(kind, "boom"));
    const series = `imagine_service_requests_total{operation="get-service-status",outcome="${kind}"}`;
    expect(sampleValue(await text(metrics), series)).toBe(1);
  });

  test("labels anything thrown that is not a ServiceError as unexpected", () => {
    expect(serviceOutcomeOf(new TypeError("bug"))).toBe("unexpected");
    expect(serviceOutcomeOf("a string")).toBe("unexpected");
  });

  test.each(DELIVERY_ROUTES)(
    "counts edits through %s apart for final and progress messages",
    async (route) => {
      const metrics = new BotMetrics({ processMetrics: false });
      metrics.discordEdit(route, false);
      metrics.discordEdit(route, false);
      metrics.discordEdit(route, true);
      const body = await text(metrics);
      expect(sampleValue(body, `imagine_discord_edits_total{route="${route}",final="false"}`)).toBe(2);
      expect(sampleValue(body, `imagine_discord_edits_total{route="${route}",final="true"}`)).toBe(1);
    },
  );

  test.each(DELIVERY_ERROR_KINDS)(
    "counts failed deliveries of kind %s apart for final and progress messages",
    async (kind) => {
      const metrics = new BotMetrics({ processMetrics: false });
      metrics.discordDeliveryFailed(kind, true);
      const body = await text(metrics);
      expect(sampleValue(body, `imagine_discord_delivery_failures_total{kind="${kind}",final="true"}`)).toBe(
        1,
      );
      expect(sampleValue(body, `imagine_discord_delivery_failures_total{kind="${kind}",final="false"}`)).toBe(
        0,
      );
    },
  );

  test("counts webhooks by result", async () => {
    const metrics = new BotMetrics({ processMetrics: false });
    metrics.webhookReceived("accepted");
    metrics.webhookReceived("ignored");
    metrics.webhookReceived("ignored");
    const body = await text(metrics);
    expect(sampleValue(body, 'imagine_webhooks_received_total{result="accepted"}')).toBe(1);
    expect(sampleValue(body, 'imagine_webhooks_received_total{result="ignored"}')).toBe(2);
  });

  test("puts delivery latencies into buckets from 10 ms to a minute", async () => {
    const metrics = new BotMetrics({ processMetrics: false });
    metrics.deliveryLatency(0.004);
    metrics.deliveryLatency(0.3);
    metrics.deliveryLatency(45);
    metrics.deliveryLatency(120);
    const body = await text(metrics);
    expect(sampleValue(body, 'imagine_delivery_latency_seconds_bucket{le="0.01"}')).toBe(1);
    expect(sampleValue(body, 'imagine_delivery_latency_seconds_bucket{le="0.5"}')).toBe(2);
    expect(sampleValue(body, 'imagine_delivery_latency_seconds_bucket{le="60"}')).toBe(3);
    expect(sampleValue(body, 'imagine_delivery_latency_seconds_bucket{le="+Inf"}')).toBe(4);
    expect(sampleValue(body, "imagine_delivery_latency_seconds_count")).toBe(4);
    expect(sampleValue(body, "imagine_delivery_latency_seconds_sum")).toBeCloseTo(165.304);
  });

  test.each([-0.5, Number.POSITIVE_INFINITY, Number.NaN])("refuses a delivery latency of %s s", (seconds) => {
    expect(() => new BotMetrics({ processMetrics: false }).deliveryLatency(seconds)).toThrow(RangeError);
  });

  test("includes the default Node process metrics unless turned off", async () => {
    const withProcess = await text(new BotMetrics());
    expect(withProcess).toContain("process_cpu_user_seconds_total");
    expect(withProcess).toContain("nodejs_heap_size_used_bytes");
    expect(withProcess).toContain("nodejs_eventloop_lag_seconds");
    expect(await text(new BotMetrics({ processMetrics: false }))).not.toContain(
      "process_cpu_user_seconds_total",
    );
  });
});
