import { describe, expect, test } from "vitest";
import type { UpscaleFactor } from "../../src/service/schema.js";
import {
  directusError,
  expectServiceError,
  JSON_HEADERS,
  TOKEN,
  useMockService,
  wireRecord,
  type MockService,
} from "./mock-service.js";

// The client's upscale over an undici MockAgent: the request it sends, and when it is (never) repeated.

const mock = useMockService();

const PARENT = "4f6d5e1c-2b1a-4c3d-9e8f-0a1b2c3d4e5f";
const PATH = `/items/images/${PARENT}/2/upscale/4x`;

type Interceptor = ReturnType<MockService["service"]["intercept"]>;

function answers(...replies: ((i: Interceptor) => void)[]): void {
  for (const reply of replies) reply(mock().service.intercept({ path: PATH, method: "POST" }));
}

const created = (i: Interceptor) =>
  void i.reply(200, { data: wireRecord({ id: "child-1", parent_id: PARENT, ref: "click-1" }) });

describe("upscale", () => {
  test("posts the ref to /items/images/{id}/{index}/upscale/{factor} and returns the record with parent_id", async () => {
    mock()
      .service.intercept({ path: PATH, method: "POST" })
      .reply(
        200,
        { data: wireRecord({ id: "child-1", parent_id: PARENT, ref: "click-1" }) },
        {
          headers: JSON_HEADERS,
        },
      );

    const record = await mock().client().upscale(PARENT, 2, "4x", { ref: "click-1" });

    expect(record).toMatchObject({ id: "child-1", parent_id: PARENT, ref: "click-1", status: "pending" });
    const [call] = mock().calls();
    expect(call).toMatchObject({ method: "POST", path: PATH });
    expect(call?.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      "content-type": "application/json",
    });
    expect(JSON.parse(String(mock().calls()[0]?.body))).toEqual({ ref: "click-1" });
  });

  test("sends no ref when none is given, and encodes the id into the path", async () => {
    mock()
      .service.intercept({
        path: "/items/images/a%2Fb/0/upscale/2x",
        method: "POST",
        body: (b) => b === "{}",
      })
      .reply(200, { data: wireRecord({ parent_id: "a/b", ref: null }) });

    await expect(mock().client().upscale("a/b", 0, "2x")).resolves.toMatchObject({ parent_id: "a/b" });
  });

  test.each([
    { name: "an empty id", args: ["  ", 0, "2x"] },
    { name: "index 4", args: [PARENT, 4, "2x"] },
    { name: "index -1", args: [PARENT, -1, "2x"] },
    { name: "index 1.5", args: [PARENT, 1.5, "2x"] },
    { name: "the factor 3x", args: [PARENT, 0, "3x"] },
    { name: "the factor 2X", args: [PARENT, 0, "2X"] },
  ])("$name is a validation error and nothing is sent", async ({ args }) => {
    const [id, index, factor] = args as [string, number, UpscaleFactor];

    const err = await expectServiceError(mock().client().upscale(id, index, factor));

    expect(err.kind).toBe("validation");
    expect(err.message).toMatch(/^Cannot upscale an image: /);
    expect(mock().calls()).toEqual([]);
  });

  test.each([
    {
      name: "a 500",
      reply: (i: Interceptor) => void i.reply(500, directusError("INTERNAL_SERVER_ERROR", "boom")),
      kind: "server",
    },
    {
      name: "a reset connection",
      reply: (i: Interceptor) =>
        void i.replyWithError(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })),
      kind: "network",
    },
    {
      name: "a 503 without Retry-After",
      reply: (i: Interceptor) => void i.reply(503, directusError("SERVICE_UNAVAILABLE", "Unavailable.")),
      kind: "server",
    },
    {
      name: "a 502 HTML page",
      reply: (i: Interceptor) =>
        void i.reply(502, "<html><title>502 Bad Gateway</title></html>", {
          headers: { "content-type": "text/html" },
        }),
      kind: "not-json",
    },
    {
      name: "a quota refusal",
      reply: (i: Interceptor) => void i.reply(429, directusError("IMAGE_ERROR", "Cannot create more images")),
      kind: "quota",
    },
  ])("after $name the upscale is not sent again (a record may exist)", async ({ reply, kind }) => {
    answers(reply);

    const err = await expectServiceError(mock().client().upscale(PARENT, 2, "4x", { ref: "click-1" }));

    expect(err.kind).toBe(kind);
    expect(mock().calls()).toHaveLength(1);
    expect(mock().sleeps).toEqual([]);
  });

  test("the request names the upscale in its error message, never the token", async () => {
    answers((i) => void i.reply(500, directusError("INTERNAL_SERVER_ERROR", `bad ${TOKEN}`)));

    const err = await expectServiceError(mock().client().upscale(PARENT, 2, "4x"));

    expect(err.message).toContain(`while upscaling image 3 of "${PARENT}" by 4x (500 INTERNAL_SERVER_ERROR)`);
    expect(err.message).not.toContain(TOKEN);
    expect(err.request).toBe(`POST ${PATH}`);
  });

  test.each([
    { name: "429 with Retry-After", status: 429, code: "REQUESTS_EXCEEDED" },
    { name: "503 with Retry-After", status: 503, code: "SERVICE_UNAVAILABLE" },
  ])("after $name it waits that long and sends it once more", async ({ status, code }) => {
    answers(
      (i) => void i.reply(status, directusError(code, "Later."), { headers: { "retry-after": "2" } }),
      created,
    );

    const record = await mock().client().upscale(PARENT, 2, "4x", { ref: "click-1" });

    expect(record.parent_id).toBe(PARENT);
    expect(mock().sleeps).toEqual([2000]);
    expect(mock().calls()).toHaveLength(2);
  });

  test("a connection refused before anything was sent is retried", async () => {
    answers(
      (i) =>
        void i.replyWithError(
          Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED", syscall: "connect" }),
        ),
      created,
    );

    await expect(mock().client().upscale(PARENT, 2, "4x")).resolves.toMatchObject({ id: "child-1" });
    expect(mock().sleeps).toEqual([250]);
  });

  test("a timeout is not retried", async () => {
    answers((i) => void i.reply(200, { data: wireRecord() }).delay(1000));

    const err = await expectServiceError(mock().client({ timeoutMs: 20 }).upscale(PARENT, 2, "4x"));

    expect(err.kind).toBe("timeout");
    expect(mock().sleeps).toEqual([]);
  });

  test("an answer without a record is an invalid-response", async () => {
    answers((i) => void i.reply(200, { data: { parent_id: PARENT } }));

    const err = await expectServiceError(mock().client().upscale(PARENT, 2, "4x"));

    expect(err.kind).toBe("invalid-response");
    expect(err.message).toContain("data.id: record has no id");
  });
});
