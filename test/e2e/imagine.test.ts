import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

describe("/imagine end to end", () => {
  test("a member watches one message go from waiting through progress to the finished grid", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 4 } } });
    const { emu, world, service } = h;
    const handle = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a lighthouse at dusk --ar 16:9" },
      user: world.alice,
      channelId: world.general.id,
    });
    const waiting = await handle.waitForResponse({ timeoutMs: 5000 });
    expect(textOf(waiting)).toMatch(/waiting in queue/i);
    const record = service.records()[0]!;
    expect(record.ref).toBe(handle.id);

    service.advance();
    const generating = await handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
    expect(textOf(generating)).toMatch(/0%/);
    service.advance();
    const preview = await handle.waitForResponse({ where: (m) => /25%/.test(textOf(m)) });
    expect(preview.attachments.map((a) => a.filename)).toEqual(["preview.webp"]);
    service.advance(3);
    const final = await handle.waitForResponse({ where: (m) => buttonsOf(m).length > 0 });
    expect(buttonsOf(final).map((b) => b.label)).toEqual(["U1", "U2", "U3", "U4", "🔄"]);
    expect(final.embeds[0]?.image?.url).toMatch(/\/grid\.png$/);
    expect(final.attachments.map((a) => a.filename)).toEqual(["grid.png"]);
    expect(final.attachments[0]!.bytes.length).toBeGreaterThan(1000);
    expect(textOf(final)).toContain(record.id);
    expect(textOf(final)).toContain(`<@${world.alice.id}>`);
    emu.assertNoRejectedRequests();
  });
});
