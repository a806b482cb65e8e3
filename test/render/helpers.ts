/** Test helpers: realistic image records, and an independent check of Discord's message limits. */
import { expect } from "vitest";
import type { MessagePayload } from "../../src/render/payload.js";
import { newImageRecord } from "../../src/service/record-factory.js";
import { imageRecordSchema, type ImageRecord } from "../../src/service/schema.js";

export const JOB_ID = "2b5c5d2e-5f4b-4f1e-9a55-0c1a2b3c4d5e";
export const REQUESTER_ID = "123456789012345678";
export const CDN = "https://cdn.example.com/imagine";

/** A record as the service returns it, with `overrides` (in the wire format) applied and parsed by the real schema. */
export function makeRecord(overrides: Record<string, unknown> = {}): ImageRecord {
  return imageRecordSchema.parse({
    ...newImageRecord({
      id: JOB_ID,
      prompt: "a lighthouse at dusk --ar 16:9",
      user_created: "5f0d7c6e-1111-2222-3333-444455556666",
      date_created: "2024-05-01T10:00:00.000Z",
    }),
    ...overrides,
  });
}

/** A completed record with a grid and four single images. */
export function completedRecord(overrides: Record<string, unknown> = {}): ImageRecord {
  return makeRecord({
    status: "completed",
    url: `${CDN}/grid.png`,
    results: "file-grid",
    upscaled_urls: [1, 2, 3, 4].map((n) => `${CDN}/u${n}.png`),
    upscaled: ["file-3", "file-1", "file-4", "file-2"],
    ...overrides,
  });
}

/** Checks every limit of a message, counting the way Discord's documentation describes. */
export function expectWithinDiscordLimits(payload: MessagePayload): void {
  expect(payload.content.length).toBeLessThanOrEqual(2000);
  expect(payload.embeds.length).toBeLessThanOrEqual(10);
  let total = 0;
  for (const embed of payload.embeds) {
    expect(embed.title?.length ?? 0).toBeLessThanOrEqual(256);
    expect(embed.description?.length ?? 0).toBeLessThanOrEqual(4096);
    expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(2048);
    expect(embed.author?.name.length ?? 0).toBeLessThanOrEqual(256);
    expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(25);
    total += (embed.title?.length ?? 0) + (embed.description?.length ?? 0);
    total += (embed.footer?.text.length ?? 0) + (embed.author?.name.length ?? 0);
    for (const field of embed.fields ?? []) {
      expect(field.name.length).toBeGreaterThan(0);
      expect(field.name.length).toBeLessThanOrEqual(256);
      expect(field.value.length).toBeGreaterThan(0);
      expect(field.value.length).toBeLessThanOrEqual(1024);
      total += field.name.length + field.value.length;
    }
    for (const url of [embed.image?.url, embed.thumbnail?.url]) {
      if (url !== undefined) expect(url).toMatch(/^(https?|attachment):\/\//);
    }
  }
  expect(total).toBeLessThanOrEqual(6000);
  expect(payload.components.length).toBeLessThanOrEqual(5);
  const ids = new Set<string>();
  for (const row of payload.components) {
    expect(row.components.length).toBeGreaterThan(0);
    expect(row.components.length).toBeLessThanOrEqual(5);
    for (const button of row.components) {
      if ("custom_id" in button) {
        expect(button.custom_id.length).toBeLessThanOrEqual(100);
        expect(ids.has(button.custom_id)).toBe(false);
        ids.add(button.custom_id);
      }
      if ("label" in button && button.label !== undefined)
        expect(button.label.length).toBeLessThanOrEqual(80);
    }
  }
  const empty = payload.content === "" && payload.embeds.length === 0 && payload.components.length === 0;
  expect(empty).toBe(false);
}

/** All visible text of a payload in one string, for `toContain` checks. */
export function visibleText(payload: MessagePayload): string {
  return JSON.stringify({ content: payload.content, embeds: payload.embeds });
}
