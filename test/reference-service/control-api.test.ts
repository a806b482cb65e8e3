import { request } from "undici";
import { afterEach, describe, expect, test } from "vitest";
import { startReferenceService, type ReferenceService } from "../../tools/reference-service/index.js";

let service: ReferenceService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function call(
  path: string,
  init: { method?: "GET" | "POST"; body?: string; token?: string } = {},
): Promise<{ status: number; json: unknown }> {
  const res = await request(`${service?.url ?? ""}${path}`, {
    method: init.method ?? "GET",
    headers: init.token ? { authorization: `Bearer ${init.token}` } : {},
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  return { status: res.statusCode, json: await res.body.json() };
}

const post = (path: string, body: unknown) =>
  call(path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) });

describe("the reference service's benchmark control routes", () => {
  test("seeded records are in progress, readable with the token, and stay put when the service ticks", async () => {
    service = await startReferenceService({ tickMs: 0, control: true });
    const seeded = await post("/_control/seed", { count: 3, progress: 30 });
    const ids = (seeded.json as { ids: string[] }).ids;
    expect(ids).toHaveLength(3);
    service.advance(20);
    const read = await call(`/items/images/${ids[0]}`, { token: service.token });
    expect(read).toMatchObject({ status: 200, json: { data: { status: "in-progress", progress: 30 } } });
    expect((await call("/_control/stats?from=0")).json).toMatchObject({ total: 1, imageReads: 1 });
  });

  test("completing a record by ref marks it completed and records when", async () => {
    service = await startReferenceService({ tickMs: 0, control: true });
    const created = await request(`${service.url}/items/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${service.token}`, "content-type": "application/json" },
      body: JSON.stringify({ prompt: "a fox", ref: "interaction-1" }),
    });
    const { data } = (await created.body.json()) as { data: { id: string } };
    const before = Date.now();
    expect((await post("/_control/complete", { ref: "interaction-1" })).json).toMatchObject({
      id: data.id,
      status: "completed",
    });
    const completions = (await call("/_control/completions")).json as {
      id: string;
      ref: string;
      at: number;
    }[];
    expect(completions).toEqual([{ id: data.id, ref: "interaction-1", at: expect.any(Number) }]);
    expect(completions[0]!.at).toBeGreaterThanOrEqual(before);
  });

  test("the lifecycle route sets the account's speed and an out-of-date server for the next jobs", async () => {
    service = await startReferenceService({ tickMs: 0, control: true, profile: "self-hosted" });
    expect((await post("/_control/lifecycle", { accountMode: "relax", outdated: true })).json).toEqual({
      accountMode: "relax",
      outdated: true,
    });
    expect(service.lifecycle).toMatchObject({ accountMode: "relax", outdated: true, relaxFails: true });
  });

  test.each([
    ["an unknown speed", "/_control/lifecycle", { accountMode: "slow" }, 400, /fast, turbo or relax/],
    ["a count of 0", "/_control/seed", { count: 0 }, 400, /count must be a whole number from 1/],
    ["a body that is not JSON", "/_control/seed", "{", 400, /JSON/],
    ["an unknown ref", "/_control/complete", { ref: "nope" }, 404, /no record with ref "nope"/],
    ["neither id nor ref", "/_control/complete", {}, 400, /give `id` or `ref`/],
    ["an unknown route", "/_control/nothing", {}, 404, /No control route POST \/_control\/nothing/],
  ])("%s gets a clear error", async (_name, path, body, status, message) => {
    service = await startReferenceService({ tickMs: 0, control: true });
    expect(await post(path, body)).toEqual({ status, json: { error: expect.stringMatching(message) } });
  });

  test("without the control option the routes are not served", async () => {
    service = await startReferenceService({ tickMs: 0 });
    expect((await post("/_control/seed", { count: 1 })).status).toBe(403);
    expect(service.records()).toEqual([]);
  });
});
