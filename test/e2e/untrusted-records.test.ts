/**
 * Records the service returns that are odd but must not break a job: a failure with a huge error text is
 * shown (cut to fit Discord), and a "completed" record without a usable image URL is not shown as a
 * finished image with buttons.
 */
import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { resultsOf, startImagine, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

describe("records that need care", () => {
  test.each([20_000, 1_500_000])(
    "a failed record with an error text of %i characters shows the start of that text",
    async (length) => {
      h = await startBotHarness();
      const { record } = await startImagine(h, { prompt: "a castle made of cards" });
      const error = `Midjourney message: the upstream refused this job ${"because of reasons ".repeat(length / 19)}`;
      h.service.failNow(record.id, error);
      const failed = await waitForResult(h, record.id, (m) => /could not be made/i.test(textOf(m)));
      expect(textOf(failed)).toContain("the upstream refused this job because of reasons");
      expect(textOf(failed)).toContain(record.id);
      expect(textOf(failed)).not.toMatch(/took too long/);
      h.emu.assertNoRejectedRequests();
    },
  );

  test("a completed record whose image URL is not http(s) ends as a clear failure, without an image or U buttons", async () => {
    h = await startBotHarness({ service: { publicUrl: "ftp://images.example" } });
    const { handle, record } = await startImagine(h, { prompt: "a clockwork owl" });
    expect(h.service.completeNow(record.id).url).toMatch(/^ftp:/);
    const failed = await waitForResult(h, record.id, (m) => /could not be made/i.test(textOf(m)));
    expect(textOf(failed)).toMatch(/sent no image that can be shown/);
    expect(textOf(failed)).not.toMatch(/ready/i);
    expect(textOf(failed)).toContain(record.id);
    expect(failed.embeds.every((e) => e.image === undefined)).toBe(true);
    expect(buttonsOf(failed).map((b) => b.label)).toEqual(["Try again"]);
    expect(handle.responseHistory().some((m) => /ready/i.test(textOf(m)))).toBe(false);
    expect(resultsOf(h, record.id)).toHaveLength(1);
    h.emu.assertNoRejectedRequests();
  });
});
