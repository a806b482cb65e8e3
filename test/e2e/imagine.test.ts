import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { isGrid, recordFor, waitForResult, GRID_BUTTON_LABELS } from "./imagine-steps.js";

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
    expect(textOf(waiting)).toMatch(/waiting in line/i);
    const record = service.records()[0]!;
    expect(record.ref).toBe(handle.id);

    service.advance();
    const generating = await handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
    expect(textOf(generating)).toMatch(/0%/);
    service.advance();
    const preview = await handle.waitForResponse({ where: (m) => /25%/.test(textOf(m)) });
    expect(preview.attachments.map((a) => a.filename)).toEqual(["preview.webp"]);
    service.advance(3);
    const final = await waitForResult(h, record.id, isGrid);
    expect(buttonsOf(final).map((b) => b.label)).toEqual(GRID_BUTTON_LABELS);
    // Discord signs attachment links (ex, is, hm): the image is the attachment, its query the signature.
    expect(final.embeds[0]?.image?.url).toMatch(/\/grid\.png\?ex=/);
    expect(final.attachments.map((a) => a.filename)).toEqual(["grid.png"]);
    expect(final.attachments[0]!.bytes.length).toBeGreaterThan(1000);
    expect(textOf(final)).toContain(record.id);
    expect(textOf(final)).toContain(`<@${world.alice.id}>`);
    // The grid is a new message in the channel; the progress message it replaces is gone.
    expect(final.channel_id).toBe(world.general.id);
    await emu.waitFor(() => handle.response()?.deleted, { description: "the progress message deleted" });
    expect(emu.messagesIn(world.general).map((m) => m.id)).toEqual([final.id]);
    emu.assertNoRejectedRequests();
  });

  test("a job the generator has not started says when it was sent, not that it started; the final message says when it was requested and how long it took", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 4 } } });
    const { emu, world, service } = h;
    const before = emu.clock.now();
    const handle = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a slow sunrise" },
      user: world.alice,
      channelId: world.general.id,
    });
    const waiting = await handle.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    const after = emu.clock.now();
    const fieldsOf = (m: typeof waiting) =>
      new Map((m.embeds[0]?.fields ?? []).map((f) => [f.name, f.value]));
    // Not started by the generator yet: when it was sent, not "Started".
    expect(fieldsOf(waiting).get("Sent")).toMatch(/^<t:\d+:R>$/);
    expect(fieldsOf(waiting).has("Started")).toBe(false);

    emu.clock.advance(185_000);
    service.advance(5);
    const final = await waitForResult(h, recordFor(h, handle.id)!.id, (m) => fieldsOf(m).has("Finished"));
    const fields = fieldsOf(final);
    expect(fields.has("Started")).toBe(false);
    expect(fields.has("Sent")).toBe(false);
    // Real time passes too (at most a few seconds here), on top of the 3 min 5 s jump.
    expect(fields.get("Finished")).toMatch(/^in 3 min [5-9] s$/);
    const requested = /^<t:(\d+):f>$/.exec(fields.get("Requested") ?? "");
    expect(Number(requested?.[1])).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(Number(requested?.[1])).toBeLessThanOrEqual(Math.floor(after / 1000));
  });
});
