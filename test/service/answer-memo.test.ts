import { describe, expect, test } from "vitest";
import { AnswerMemo, answerDigest } from "../../src/service/answer-memo.js";
import { expectServiceError, JSON_HEADERS, useMockService, wireRecord } from "./mock-service.js";

const mock = useMockService();
const PATH = "/items/images/abc";

/** The service answers `bodies` in order, each as the exact JSON text given. */
function answers(...bodies: string[]): void {
  for (const body of bodies)
    mock().service.intercept({ path: PATH }).reply(200, body, { headers: JSON_HEADERS });
}
const recordText = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ data: wireRecord({ status: "in-progress", progress: 10, ...overrides }) });

describe("reading the same image again", () => {
  test("a byte-identical answer is the record already validated, not a new copy", async () => {
    answers(recordText(), recordText());
    const client = mock().client();

    const first = await client.getImage("abc");
    const second = await client.getImage("abc");

    expect(second).toBe(first);
    expect(second).toMatchObject({ status: "in-progress", progress: 10 });
  });

  test("an answer that differs by one byte is validated and returned as the new record", async () => {
    answers(recordText(), recordText({ progress: 20 }));
    const client = mock().client();

    const first = await client.getImage("abc");
    const second = await client.getImage("abc");

    expect(second).not.toBe(first);
    expect(second).toMatchObject({ progress: 20 });
  });

  test("an invalid answer repeated byte for byte is refused every time", async () => {
    const invalid = JSON.stringify({ data: { id: 42 } });
    answers(invalid, invalid);
    const client = mock().client({ maxRetries: 0 });

    for (let i = 0; i < 2; i++) {
      expect(await expectServiceError(client.getImage("abc"))).toMatchObject({ kind: "invalid-response" });
    }
  });

  test("a valid answer, then an error with a body, then the valid answer again: the error is an error", async () => {
    answers(recordText());
    mock().service.intercept({ path: PATH }).reply(500, recordText(), { headers: JSON_HEADERS });
    answers(recordText());
    const client = mock().client({ maxRetries: 0 });

    const first = await client.getImage("abc");
    expect(await expectServiceError(client.getImage("abc"))).toMatchObject({ kind: "server" });
    await expect(client.getImage("abc")).resolves.toBe(first);
  });

  test("the same bytes for another image are validated for that image", async () => {
    answers(recordText());
    mock()
      .service.intercept({ path: "/items/images/other" })
      .reply(200, recordText(), { headers: JSON_HEADERS });
    const client = mock().client();

    const first = await client.getImage("abc");
    const other = await client.getImage("other");

    expect(other).not.toBe(first);
    expect(other).toEqual(first);
  });
});

describe("AnswerMemo", () => {
  const digest = (text: string) => answerDigest(Buffer.from(text));

  test("gives the value back only for the digest it was remembered with", () => {
    const memo = new AnswerMemo<string>(1000, () => 0);
    memo.set("a", digest("x"), "value");

    expect(memo.get("a", digest("x"))).toBe("value");
    expect(memo.get("a", digest("y"))).toBeUndefined();
    expect(memo.get("b", digest("x"))).toBeUndefined();
  });

  test("keeps an entry read within each retention period and drops one unused for two", () => {
    let now = 0;
    const memo = new AnswerMemo<string>(1000, () => now);
    memo.set("read", digest("x"), "kept");
    memo.set("unused", digest("x"), "dropped");

    for (now = 900; now <= 5000; now += 900) expect(memo.get("read", digest("x"))).toBe("kept");

    expect(memo.get("unused", digest("x"))).toBeUndefined();
    expect(memo.size).toBe(1);
  });

  test("forgets a deleted key", () => {
    const memo = new AnswerMemo<string>(1000, () => 0);
    memo.set("a", digest("x"), "value");
    memo.delete("a");

    expect(memo.get("a", digest("x"))).toBeUndefined();
    expect(memo.size).toBe(0);
  });
});
