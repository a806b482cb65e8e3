import { describe, expect, test } from "vitest";
import { createMetrics, discardedMetrics } from "../../src/metrics/metrics-sink.js";

describe("createMetrics", () => {
  test("without HTTP_PORT nothing can scrape the metrics, so they are discarded", async () => {
    const metrics = await createMetrics({ HTTP_PORT: undefined });

    expect(metrics).toBe(discardedMetrics);
    metrics.jobFinished("completed");
    expect((await metrics.render()).body).not.toContain("imagine_jobs_finished_total");
  });

  test("with HTTP_PORT the Prometheus metrics count what happens", async () => {
    const metrics = await createMetrics({ HTTP_PORT: 8080 });

    metrics.jobFinished("completed");

    const { body, contentType } = await metrics.render();
    expect(contentType).toContain("text/plain");
    expect(body).toContain('imagine_jobs_finished_total{outcome="completed"} 1');
    expect(body).toContain("process_cpu_seconds_total");
  });
});
