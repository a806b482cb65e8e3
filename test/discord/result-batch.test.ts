import type { APIEmbed } from "discord-api-types/v10";
import { describe, expect, test } from "vitest";
import type { OutgoingMessage } from "../../src/imagine/outgoing-message.js";
import {
  batchNonce,
  combineResults,
  MESSAGE_BATCH_LIMITS,
  resultsFitting,
  type BatchCandidate,
  nextBatch,
} from "../../src/discord/result-batch.js";

function result(
  requesterId: string,
  shape: { rows?: number; embeds?: number; descriptionLength?: number; fileBytes?: number } = {},
): BatchCandidate {
  const embeds: APIEmbed[] = Array.from({ length: shape.embeds ?? 1 }, () => ({
    title: "Done",
    description: "p".repeat(shape.descriptionLength ?? 100),
    ...(shape.fileBytes === undefined ? {} : { image: { url: "attachment://image.png" } }),
  }));
  const components = Array.from({ length: shape.rows ?? 1 }, (_r, row) => ({
    type: 1 as const,
    components: [{ type: 2 as const, style: 2 as const, label: "U1", custom_id: `up:${requesterId}:${row}` }],
  }));
  const message: OutgoingMessage = {
    payload: {
      content: `<@${requesterId}> your image is ready`,
      embeds,
      components,
      allowedMentions: { parse: [], users: [requesterId], repliedUser: false },
    },
    files:
      shape.fileBytes === undefined
        ? []
        : [{ name: "image.png", data: Buffer.alloc(shape.fileBytes), contentType: "image/png" }],
  };
  return { message, requesterId };
}

const many = (n: number, shape: Parameters<typeof result>[1] = {}): BatchCandidate[] =>
  Array.from({ length: n }, (_v, i) => result(String(100 + i), shape));

describe("which waiting results go together in one message", () => {
  test.each([
    ["nothing waiting sends nothing", [], 0],
    ["a lone result goes alone", many(1), 1],
    ["three grids with one row each go together", many(3), 3],
    ["five action rows are the most: five grids of twelve go first", many(12), 5],
    ["results of two rows: two fit in five rows", many(4, { rows: 2 }), 2],
    ["ten embeds are the most: three results of four embeds take two", many(3, { embeds: 4, rows: 0 }), 2],
    ["6,000 embed characters: results of 2,500 take two", many(4, { descriptionLength: 2500 }), 2],
    ["a result over every limit alone still goes, alone", many(3, { rows: 6 }), 1],
    ["10 MiB of uploads: results of 4 MiB take two", many(4, { fileBytes: 4 * 1024 * 1024 }), 2],
  ])("%s", (_name, waiting, expected) => {
    expect(resultsFitting(waiting)).toBe(expected);
  });

  test("the same requester twice is mentioned once, so a second line costs no content", () => {
    const limits = { ...MESSAGE_BATCH_LIMITS, content: "<@7> your image is ready".length };
    expect(resultsFitting([result("7"), result("7"), result("8")], limits)).toBe(2);
  });
});

describe("one message made of several results", () => {
  test("keeps each result's embed and row in order, mentions each requester once and pings exactly them", () => {
    const combined = combineResults([result("1"), result("2"), result("1")]);
    expect(combined.payload.embeds).toHaveLength(3);
    expect(JSON.stringify(combined.payload.components).match(/up:\d:0/g)).toEqual([
      "up:1:0",
      "up:2:0",
      "up:1:0",
    ]);
    expect(combined.payload.content).toBe("<@1> your image is ready\n<@2> your image is ready");
    expect(combined.payload.allowedMentions).toEqual({ parse: [], users: ["1", "2"], repliedUser: false });
  });

  test("numbers each result's title and buttons, since Discord shows every row below all the embeds", () => {
    const combined = combineResults([result("1"), result("2")]);
    expect(combined.payload.embeds.map((e) => e.title)).toEqual(["#1 · Done", "#2 · Done"]);
    const labels = combined.payload.components.map((row) =>
      row.components.map((b) => ("label" in b ? b.label : undefined)),
    );
    expect(labels).toEqual([["#1 U1"], ["#2 U1"]]);
  });

  test("counts the numbers against the embed characters of a message", () => {
    const exact = { ...MESSAGE_BATCH_LIMITS, embedChars: 2 * "Done".length + 2 * 100 };
    expect(resultsFitting([result("1"), result("2")], exact)).toBe(1);
    const roomy = { ...exact, embedChars: exact.embedChars + 2 * "#1 · ".length };
    expect(resultsFitting([result("1"), result("2")], roomy)).toBe(2);
  });

  test("renames each result's uploads and its embed's attachment URL so files of the same name do not collide", () => {
    const combined = combineResults([result("1", { fileBytes: 3 }), result("2", { fileBytes: 3 })]);
    expect(combined.files.map((f) => f.name)).toEqual(["r0-image.png", "r1-image.png"]);
    expect(combined.payload.embeds.map((e) => e.image?.url)).toEqual([
      "attachment://r0-image.png",
      "attachment://r1-image.png",
    ]);
  });
});

describe("the nonce of a batch", () => {
  test("a lone result keeps its own nonce", () => {
    expect(batchNonce(["abc"])).toBe("abc");
  });
  test("is the same whatever the order of its results, 25 characters, and differs for another set", () => {
    const nonce = batchNonce(["a", "b", "c"]);
    expect(nonce).toHaveLength(25);
    expect(batchNonce(["c", "a", "b"])).toBe(nonce);
    expect(batchNonce(["a", "b"])).not.toBe(nonce);
  });
});

describe("which results go out next from a channel's queue", () => {
  const waiting = (claimed: (string | undefined)[]) =>
    claimed.map((claimedNonce, i) => ({
      ...result(String(100 + i)),
      ...(claimedNonce === undefined ? {} : { claimedNonce }),
    }));
  test.each([
    ["fresh results as many as fit", [undefined, undefined, undefined], [0, 1, 2]],
    ["results posted together before a restart go together again", ["x", undefined, "x", "y"], [0, 2]],
    ["fresh results pass over the ones recorded under another nonce", [undefined, "x", undefined], [0, 2]],
    ["a result recorded alone goes alone", ["x", "y", undefined], [0]],
  ])("%s", (_name, claimed, expected) => {
    const queue = waiting(claimed);
    expect(nextBatch(queue).map((w) => queue.indexOf(w))).toEqual(expected);
  });
});
