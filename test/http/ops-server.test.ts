import { Agent, request } from "undici";
import { describe, expect, test } from "vitest";
import type { HealthReport } from "../../src/http/health.js";
import { startOpsServer } from "../../src/http/ops-server.js";
import { silentLogger } from "../../src/logger.js";
import { BotMetrics } from "../../src/metrics/metrics.js";
import { sampleValue } from "../metrics/sample-value.js";
import { startTestServer } from "./ops-fixture.js";

const report = (checks: HealthReport["checks"]) => (): Promise<HealthReport> => Promise.resolve({ checks });

describe("GET /healthz", () => {
  test("answers 200 with every check when all pass", async () => {
    const checks = [
      { name: "gateway", ok: true },
      { name: "store", ok: true, detail: "wrote 1 row" },
      { name: "service", ok: true },
    ];
    const server = await startTestServer({ health: report(checks) });
    const res = await request(`${server.url}/healthz`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(await res.body.json()).toEqual({ status: "ok", checks });
  });

  test("answers 503 naming each failed check and why", async () => {
    const checks = [
      { name: "gateway", ok: false, detail: "disconnected for 40 s" },
      { name: "store", ok: true },
      { name: "service", ok: false },
    ];
    const server = await startTestServer({ health: report(checks) });
    const res = await request(`${server.url}/healthz`);
    expect(res.statusCode).toBe(503);
    expect(await res.body.json()).toEqual({
      status: "unhealthy",
      checks,
      reasons: ["gateway: disconnected for 40 s", "service: failed"],
    });
  });

  test("answers 503 with the error when health() throws", async () => {
    const server = await startTestServer({ health: () => Promise.reject(new Error("database is locked")) });
    const res = await request(`${server.url}/healthz`);
    expect(res.statusCode).toBe(503);
    expect(await res.body.json()).toEqual({
      status: "unhealthy",
      checks: [],
      reasons: ["health checks failed: database is locked"],
    });
  });

  test("answers 503 when health() does not answer in time", async () => {
    const server = await startTestServer({ health: () => new Promise(() => {}), healthTimeoutMs: 20 });
    const res = await request(`${server.url}/healthz`);
    expect(res.statusCode).toBe(503);
    expect(await res.body.json()).toMatchObject({ reasons: ["health checks did not answer within 20 ms"] });
  });

  test("answers HEAD with the status and no body", async () => {
    const server = await startTestServer({ health: report([{ name: "store", ok: false }]) });
    const res = await request(`${server.url}/healthz`, { method: "HEAD" });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers["content-length"])).toBeGreaterThan(0);
    expect(await res.body.text()).toBe("");
  });

  test("ignores a query string", async () => {
    const server = await startTestServer();
    expect((await request(`${server.url}/healthz?verbose=1`)).statusCode).toBe(200);
  });
});

describe("GET /metrics", () => {
  test("serves every bot metric and the Node process metrics in the Prometheus text format", async () => {
    const metrics = new BotMetrics();
    metrics.setJobsInFlight(2);
    metrics.jobFinished("completed");
    metrics.serviceRequest("create-image", "ok");
    metrics.discordEdit("interaction", true);
    metrics.discordRateLimited();
    metrics.webhookReceived("accepted");
    metrics.deliveryLatency(0.2);
    const server = await startTestServer({ metrics });
    const res = await request(`${server.url}/metrics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await res.body.text();
    expect(sampleValue(body, "imagine_jobs_in_flight")).toBe(2);
    expect(sampleValue(body, 'imagine_jobs_finished_total{outcome="completed"}')).toBe(1);
    expect(sampleValue(body, 'imagine_service_requests_total{operation="create-image",outcome="ok"}')).toBe(
      1,
    );
    expect(sampleValue(body, 'imagine_discord_edits_total{route="interaction",final="true"}')).toBe(1);
    expect(sampleValue(body, "imagine_discord_rate_limits_total")).toBe(1);
    expect(sampleValue(body, 'imagine_webhooks_received_total{result="accepted"}')).toBe(1);
    expect(sampleValue(body, "imagine_delivery_latency_seconds_count")).toBe(1);
    expect(body).toContain("process_resident_memory_bytes");
    expect(body).toContain("nodejs_version_info");
  });
});

describe("routing", () => {
  test.each(["/", "/health", "/metrics/x", "/webhooks/imagine/anything"])(
    "answers 404 JSON for %s",
    async (path) => {
      const server = await startTestServer();
      const res = await request(`${server.url}${path}`);
      expect(res.statusCode).toBe(404);
      expect(await res.body.json()).toEqual({ error: "not found" });
    },
  );

  test.each([
    { method: "POST", path: "/healthz" },
    { method: "DELETE", path: "/metrics" },
    { method: "PUT", path: "/healthz" },
  ] as const)("answers 405 to $method $path, naming the allowed methods", async ({ method, path }) => {
    const server = await startTestServer();
    const res = await request(`${server.url}${path}`, { method });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
    await res.body.dump();
  });

  test("logs each request with its route, method and status", async () => {
    const server = await startTestServer();
    await (await request(`${server.url}/healthz`)).body.dump();
    await (await request(`${server.url}/nope`)).body.dump();
    const requests = server.logs.messages().filter((m) => m.msg === "ops request");
    expect(requests).toMatchObject([
      { method: "GET", route: "/healthz", statusCode: 200 },
      { method: "GET", route: "unknown", statusCode: 404 },
    ]);
  });

  test("answers 500 and stays up when rendering metrics throws", async () => {
    const metrics = new BotMetrics({ processMetrics: false });
    metrics.render = () => Promise.reject(new Error("collector broke"));
    const server = await startTestServer({ metrics });
    expect((await request(`${server.url}/metrics`)).statusCode).toBe(500);
    expect((await request(`${server.url}/healthz`)).statusCode).toBe(200);
    expect(server.logs.messages().find((m) => m.msg === "ops server request failed")).toBeDefined();
  });
});

describe("startOpsServer", () => {
  const base = {
    host: "127.0.0.1",
    logger: silentLogger,
    metrics: new BotMetrics({ processMetrics: false }),
  };
  const health = report([]);

  test("reports the port it bound when asked for port 0", async () => {
    const server = await startTestServer();
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  test("rejects with a clear error when the port is taken", async () => {
    const first = await startTestServer();
    await expect(startOpsServer({ ...base, health, port: first.port })).rejects.toThrow(
      `ops server could not listen on 127.0.0.1:${first.port}: listen EADDRINUSE`,
    );
  });

  test.each([-1, 70000, 1.5])("refuses port %s", async (port) => {
    await expect(startOpsServer({ ...base, health, port })).rejects.toThrow(RangeError);
  });

  test.each([
    { name: "healthTimeoutMs", value: -1 },
    { name: "closeGraceMs", value: Number.NaN },
  ])("refuses $name = $value", async ({ name, value }) => {
    await expect(startOpsServer({ ...base, health, port: 0, [name]: value })).rejects.toThrow(name);
  });

  test.each(["short", "has/a/slash-in-it-xx", "spaces are not allowed here"])(
    "refuses the webhook secret %j",
    async (secret) => {
      const webhook = { secret, onEvent: () => "accepted" as const };
      await expect(startOpsServer({ ...base, health, port: 0, webhook })).rejects.toThrow(/webhook secret/);
    },
  );

  test("close() also closes idle keep-alive connections, and a second call is harmless", async () => {
    const server = await startOpsServer({ ...base, health, port: 0 });
    const agent = new Agent({ keepAliveTimeout: 60_000 });
    try {
      const res = await request(`${server.url}/healthz`, { dispatcher: agent });
      await res.body.dump();
      expect(res.headers.connection).toBe("keep-alive");
      await server.close();
      await server.close();
      await expect(request(`${server.url}/healthz`, { dispatcher: agent })).rejects.toThrow();
    } finally {
      await agent.close();
    }
  });

  test("close() cuts a request still in progress after a short grace period", async () => {
    let reached: () => void = () => {};
    const healthCalled = new Promise<void>((resolve) => (reached = resolve));
    const hanging = (): Promise<HealthReport> => {
      reached();
      return new Promise(() => {});
    };
    const server = await startOpsServer({
      ...base,
      health: hanging,
      healthTimeoutMs: 60_000,
      closeGraceMs: 10,
      port: 0,
    });
    const pending = request(`${server.url}/healthz`);
    await healthCalled;
    await server.close();
    await expect(pending).rejects.toThrow();
  });
});
