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
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
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

  /** A self-hosted service whose Midjourney bot is up, with the control routes, ticked by hand. */
  const startSelfHosted = () =>
    startReferenceService({ tickMs: 0, control: true, profile: "self-hosted", initialHealth: "healthy" });

  /** Creates a job with `prompt`, runs the service's ticks until it ends, and reads it back. */
  async function jobOf(prompt: string): Promise<{ status: string; error: string | null }> {
    const created = await call("/items/images", {
      method: "POST",
      token: service!.token,
      body: JSON.stringify({ prompt }),
    });
    const { id } = (created.json as { data: { id: string } }).data;
    service!.advance(20);
    const read = await call(`/items/images/${id}`, { token: service!.token });
    return (read.json as { data: { status: string; error: string | null } }).data;
  }

  test("POST lifecycle {outdated} makes the next jobs fail as an out-of-date server's do, until set back", async () => {
    service = await startSelfHosted();
    expect(await jobOf("a fox before")).toMatchObject({ status: "completed" });
    expect((await post("/_control/lifecycle", { outdated: true })).json).toEqual({
      accountMode: "fast",
      outdated: true,
      accountNotice: null,
    });
    expect(await jobOf("a fox")).toEqual(
      expect.objectContaining({ status: "failed", error: "Image not sent to API" }),
    );
    expect(await jobOf("a fox")).toMatchObject({ status: "failed", error: "Timeout after prompt was sent" });
    // Its status report stays healthy, as a real out-of-date server's does.
    expect((await call("/items/status", { token: service.token })).json).toMatchObject({
      data: { bot_status: "healthy" },
    });
    expect((await post("/_control/lifecycle", { outdated: false })).json).toMatchObject({ outdated: false });
    expect(await jobOf("a fox after")).toMatchObject({ status: "completed" });
  });

  test("POST lifecycle {accountMode} sets the speed of jobs that name none: relax fails on a self-hosted server", async () => {
    service = await startSelfHosted();
    expect((await post("/_control/lifecycle", { accountMode: "relax" })).json).toEqual({
      accountMode: "relax",
      outdated: false,
      accountNotice: null,
    });
    expect(await jobOf("a heron")).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/\(relaxed\)$/),
    });
    // A job naming its own speed runs at it.
    expect(await jobOf("a heron --fast")).toMatchObject({ status: "completed" });
    // An empty body changes nothing and answers the settings in force.
    expect((await post("/_control/lifecycle", {})).json).toEqual({
      accountMode: "relax",
      outdated: false,
      accountNotice: null,
    });
    expect((await post("/_control/lifecycle", { accountMode: "fast" })).json).toMatchObject({
      accountMode: "fast",
    });
    expect(await jobOf("a heron")).toMatchObject({ status: "completed" });
  });

  test("POST lifecycle {accountNotice} fails every next job with Midjourney's notice about the account, until null", async () => {
    service = await startSelfHosted();
    const notice =
      "You have been blocked from accessing Midjourney. This happens on repeated or serious ToS violations.";
    expect((await post("/_control/lifecycle", { accountNotice: notice })).json).toMatchObject({
      accountNotice: notice,
    });
    expect(await jobOf("a wren")).toMatchObject({ status: "failed", error: `Midjourney message: ${notice}` });
    expect(await jobOf("a wren --fast")).toMatchObject({
      status: "failed",
      error: `Midjourney message: ${notice}`,
    });
    expect((await post("/_control/lifecycle", { accountNotice: null })).json).toMatchObject({
      accountNotice: null,
    });
    expect(await jobOf("a wren")).toMatchObject({ status: "completed" });
  });

  test.each([
    [
      "an account notice that is no text",
      "/_control/lifecycle",
      { accountNotice: 5 },
      400,
      /accountNotice must be/,
    ],
    ["an unknown speed", "/_control/lifecycle", { accountMode: "slow" }, 400, /fast, turbo or relax/],
    [
      "outdated not a boolean",
      "/_control/lifecycle",
      { outdated: "yes" },
      400,
      /outdated must be true or false/,
    ],
    ["a lifecycle body that is a list", "/_control/lifecycle", [true], 400, /must be a JSON object/],
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
