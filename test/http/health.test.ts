import { describe, expect, test } from "vitest";
import { evaluateHealth, type HealthReport } from "../../src/http/health.js";

const resolved = (report: unknown) => (): Promise<HealthReport> => Promise.resolve(report as HealthReport);

describe("evaluateHealth", () => {
  test("is healthy with no checks at all", async () => {
    expect(await evaluateHealth(resolved({ checks: [] }))).toEqual({
      statusCode: 200,
      body: { status: "ok", checks: [] },
    });
  });

  test("keeps only the documented fields of each check", async () => {
    const answer = await evaluateHealth(
      resolved({ checks: [{ name: "store", ok: true, path: "/data/x.db" }] }),
    );
    expect(answer.body.checks).toEqual([{ name: "store", ok: true }]);
  });

  test.each([
    { name: "undefined", report: undefined },
    { name: "no checks list", report: {} },
    { name: "checks that are not a list", report: { checks: "all fine" } },
    { name: "a check without ok", report: { checks: [{ name: "gateway" }] } },
    { name: "a check with a numeric ok", report: { checks: [{ name: "gateway", ok: 1 }] } },
    { name: "a check without a name", report: { checks: [{ ok: true }] } },
    { name: "a detail that is not text", report: { checks: [{ name: "gateway", ok: true, detail: 5 }] } },
    { name: "a null check", report: { checks: [null] } },
  ])("is unhealthy when health() returns $name", async ({ report }) => {
    expect(await evaluateHealth(resolved(report))).toEqual({
      statusCode: 503,
      body: { status: "unhealthy", checks: [], reasons: ["health checks returned a malformed report"] },
    });
  });

  test("is unhealthy when health() throws synchronously", async () => {
    const throwing = (): Promise<HealthReport> => {
      throw new Error("not started");
    };
    expect((await evaluateHealth(throwing)).body).toMatchObject({
      reasons: ["health checks failed: not started"],
    });
  });

  test("is unhealthy when health() never answers within the time limit", async () => {
    const answer = await evaluateHealth(() => new Promise(() => {}), 10);
    expect(answer).toMatchObject({
      statusCode: 503,
      body: { reasons: ["health checks did not answer within 10 ms"] },
    });
  });
});
