import { describe, expect, test } from "vitest";
import type { InjectedFault } from "../../tools/reference-service/index.js";
import { directusError, useReferenceService } from "./service-fixture.js";

const fixture = useReferenceService();

const createFox = (ref = "r", timeoutMs?: number) =>
  fixture.call("/items/images", {
    contentType: "application/json",
    body: JSON.stringify({ prompt: "a fox", ref }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });

describe("queued faults", () => {
  test.each<{
    fault: Exclude<InjectedFault, "hang">;
    status: number;
    code: string;
    retryAfter: string | undefined;
  }>([
    { fault: "500", status: 500, code: "INTERNAL_SERVER_ERROR", retryAfter: undefined },
    { fault: "503", status: 503, code: "SERVICE_UNAVAILABLE", retryAfter: "7" },
    { fault: "429", status: 429, code: "REQUESTS_EXCEEDED", retryAfter: "7" },
    { fault: "quota", status: 429, code: "IMAGE_ERROR", retryAfter: undefined },
  ])(
    "$fault answers $status $code once, creating nothing, then the service answers normally",
    async ({ fault, status, code, retryAfter }) => {
      fixture.service.faults.retryAfterSeconds = 7;
      fixture.service.faults.queue.push(fault);

      const faulty = await createFox("once");
      const normal = await createFox("once");

      expect(faulty.status).toBe(status);
      expect(faulty.json).toEqual(directusError(code));
      expect(faulty.headers["retry-after"]).toBe(retryAfter);
      expect(normal.status).toBe(200);
      expect(fixture.service.records()).toHaveLength(1);
      expect(fixture.service.createsByRef.get("once")).toBe(1);
    },
  );

  test("the quota answer says images cannot be created", async () => {
    fixture.service.faults.queue.push("quota");

    const answer = await createFox();

    expect((answer.json as { errors: { message: string }[] }).errors[0]!.message).toMatch(
      /Cannot create more images/,
    );
  });

  test("502-html is a proxy's HTML page, not JSON", async () => {
    fixture.service.faults.queue.push("502-html");

    const answer = await fixture.call("/items/status");

    expect(answer.status).toBe(502);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.json).toBeUndefined();
    expect(answer.text).toMatch(/<html>/);
  });

  test("hang never answers: the client's own time limit fires, and the next request is answered", async () => {
    fixture.service.faults.queue.push("hang");

    const hung = createFox("hung", 200);

    await expect(hung).rejects.toMatchObject({ name: "TimeoutError" });
    await expect(createFox("next")).resolves.toMatchObject({ status: 200 });
    expect(fixture.service.createsByRef.has("hung")).toBe(false);
  });

  test("queued faults are used in order, one per request", async () => {
    fixture.service.faults.queue.push("503", "500", "502-html");

    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fixture.call("/items/status")).status);

    expect(statuses).toEqual([503, 500, 502, 200]);
    expect(fixture.service.faults.queue).toEqual([]);
    expect(fixture.service.requests.map((r) => r.status)).toEqual([503, 500, 502, 200]);
  });
});

describe("random errors", () => {
  test("errorRate 1 answers every API request 500", async () => {
    fixture.service.faults.errorRate = 1;

    const answers = [await fixture.call("/items/status"), await createFox(), await createFox()];

    expect(answers.map((a) => a.status)).toEqual([500, 500, 500]);
    expect(answers[0]!.json).toEqual(directusError("INTERNAL_SERVER_ERROR"));
    expect(fixture.service.records()).toEqual([]);
  });

  test("errorRate applies where the injected random number falls below it", async () => {
    const draws = [0.1, 0.9, 0.49, 0.5];
    await fixture.restart({ random: () => draws.shift() ?? 1 });
    fixture.service.faults.errorRate = 0.5;

    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fixture.call("/items/status")).status);

    expect(statuses).toEqual([500, 200, 500, 200]);
  });

  test("asset downloads are never failed", async () => {
    const { id } = await fixture.create("a fox");
    const done = fixture.service.completeNow(id);
    fixture.service.faults.errorRate = 1;
    fixture.service.faults.queue.push("hang");

    const answer = await fixture.call(new URL(done.url!).pathname, { auth: null });

    expect(answer.status).toBe(200);
    expect(fixture.service.faults.queue).toEqual(["hang"]);
  });
});

describe("scoping and delay", () => {
  test("with match, only matching requests get the faults", async () => {
    fixture.service.faults.match = /^POST \/items\/images$/;
    fixture.service.faults.errorRate = 1;
    fixture.service.faults.queue.push("503");

    const status = await fixture.call("/items/status");
    const firstCreate = await createFox();
    const secondCreate = await createFox();

    expect(status.status).toBe(200);
    expect([firstCreate.status, secondCreate.status]).toEqual([503, 500]);
  });

  test("a global match pattern matches every request it should", async () => {
    fixture.service.faults.match = /status/g;
    fixture.service.faults.errorRate = 1;

    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fixture.call("/items/status")).status);

    expect(statuses).toEqual([500, 500, 500]);
  });

  test("delayMs holds back matching answers only", async () => {
    fixture.service.faults.match = /^POST /;
    fixture.service.faults.delayMs = 60_000;

    const delayed = createFox("slow", 300);

    await expect(delayed).rejects.toMatchObject({ name: "TimeoutError" });
    await expect(fixture.call("/items/status")).resolves.toMatchObject({ status: 200 });
    expect(fixture.service.records()).toEqual([]);
  });
});
