import { afterEach } from "vitest";
import { startOpsServer, type OpsServer, type OpsServerOptions } from "../../src/http/ops-server.js";
import type { HealthReport } from "../../src/http/health.js";
import { createLogger } from "../../src/logger.js";
import { BotMetrics } from "../../src/metrics/metrics.js";
import type { MetricsSink } from "../../src/metrics/metrics-sink.js";

/** A webhook secret that passes the config rule (16+ URL-safe characters). */
export const SECRET = "s3cr3t-W3bh00k_path-7f9c2e";

/** Log lines written by a test server, as text, so tests can search them for a leaked secret. */
export class LogCapture {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  get text(): string {
    return this.lines.join("");
  }
  messages(): { level: number; msg: string; [key: string]: unknown }[] {
    return this.lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  }
}

export interface TestServer extends OpsServer {
  metrics: MetricsSink;
  logs: LogCapture;
}

const running: OpsServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const allHealthy = (): Promise<HealthReport> => Promise.resolve({ checks: [{ name: "gateway", ok: true }] });

/** Starts an ops server on 127.0.0.1 with a free port, debug logs captured; closed after each test. */
export async function startTestServer(overrides: Partial<OpsServerOptions> = {}): Promise<TestServer> {
  const logs = new LogCapture();
  const metrics = new BotMetrics({ processMetrics: false });
  const server = await startOpsServer({
    port: 0,
    host: "127.0.0.1",
    logger: createLogger({ level: "debug", destination: logs }),
    metrics,
    health: allHealthy,
    ...overrides,
  });
  running.push(server);
  return { ...server, metrics: overrides.metrics ?? metrics, logs };
}
