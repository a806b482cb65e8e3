import sharp from "sharp";
import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import {
  clickLabel,
  isGrid,
  startImagine,
  waitForResult,
  waitForUpscale,
  type StartedJob,
} from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

const PUBLIC_URL = "https://images.example.com";
/** Just past the 15 minutes an interaction token works. */
const TOKEN_EXPIRED_MS = 15 * 60_000 + 5000;
/** The job's own time limit is longer than the token's, as it is by default (20 minutes). */
const LONG_JOB_ENV = { JOB_TIMEOUT_MS: String(60 * 60_000) };

/** Every request the bot made for one interaction's message that uploaded a file. */
function uploadsFor(h: BotHarness, token: string, messageId: string): string[] {
  return h.emu.requests
    .filter((r) => r.path.includes(token) || r.path.includes(messageId))
    .flatMap((r) => r.files);
}

describe("how /imagine delivers its images end to end", () => {
  test.each([
    { mode: "link", service: "a public URL", publicUrl: PUBLIC_URL, uploaded: false },
    { mode: "auto", service: "a public URL", publicUrl: PUBLIC_URL, uploaded: false },
    { mode: "attach", service: "localhost", publicUrl: undefined, uploaded: true },
    { mode: "auto", service: "localhost", publicUrl: undefined, uploaded: true },
  ])(
    "IMAGE_DELIVERY=$mode with images at $service: the preview and the grid are shown, uploaded: $uploaded",
    async ({ mode, publicUrl, uploaded }) => {
      h = await startBotHarness({
        env: { IMAGE_DELIVERY: mode },
        service: { lifecycle: { steps: 4 }, ...(publicUrl ? { publicUrl } : {}) },
      });
      const { emu, service } = h;
      const { handle, record } = await startImagine(h, { prompt: "a glass castle --ar 2:1" });

      service.advance(2);
      const preview = await handle.waitForResponse({ where: (m) => /25%/.test(textOf(m)) });
      const previewUrl = service.record(record.id)!.url!;
      if (uploaded) {
        expect(preview.attachments.map((a) => a.filename)).toEqual(["preview.webp"]);
        expect((await sharp(preview.attachments[0]!.bytes).metadata()).format).toBe("webp");
      } else {
        expect(previewUrl.startsWith(`${PUBLIC_URL}/`)).toBe(true);
        expect(preview.embeds[0]?.image?.url).toBe(previewUrl);
        expect(preview.attachments).toEqual([]);
      }

      service.advance(3);
      const final = await waitForResult(h, record.id, isGrid);
      const gridUrl = service.record(record.id)!.url!;
      if (uploaded) {
        expect(final.attachments.map((a) => a.filename)).toEqual(["grid.png"]);
        const meta = await sharp(final.attachments[0]!.bytes).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: "png",
          width: 1024,
          height: 512,
        });
        expect(final.embeds[0]?.image?.url).toBe(final.attachments[0]!.url);
      } else {
        expect(final.embeds[0]?.image?.url).toBe(gridUrl);
        expect(final.attachments).toEqual([]);
        expect(uploadsFor(h, handle.token, final.id)).toEqual([]);
      }
      expect(emu.warnings).toEqual([]);
      emu.assertNoRejectedRequests();
    },
  );
});

/** A job in progress (a preview shown), then the interaction token expires. */
async function jobOutlivingItsToken(): Promise<StartedJob> {
  h = await startBotHarness({ env: LONG_JOB_ENV, service: { lifecycle: { steps: 4 } } });
  const started = await startImagine(h, { prompt: "a slow sunrise" });
  h.service.advance(2);
  await started.handle.waitForResponse({ where: (m) => /25%/.test(textOf(m)) });
  h.emu.clock.advance(TOKEN_EXPIRED_MS);
  return started;
}

describe("/imagine results after the 15-minute interaction token expired", () => {
  test("the grid is posted as a new message and the progress message is deleted with the bot token", async () => {
    const { handle, record, waiting } = await jobOutlivingItsToken();
    const { emu, service } = h;
    service.completeNow(record.id);
    const final = await waitForResult(h, record.id, isGrid);
    await emu.waitFor(() => handle.response()?.deleted, { description: "the progress message deleted" });

    expect(final.id).not.toBe(waiting.id);
    expect(textOf(final)).toContain(record.id);
    const lastRequest = emu.requests
      .filter((r) => r.path.includes(waiting.id) || r.path.includes(handle.token))
      .at(-1);
    expect(lastRequest).toMatchObject({
      method: "DELETE",
      route: "/channels/:channel/messages/:message",
      status: 204,
    });
    expect(emu.messagesIn(h.world.general).map((m) => m.id)).toEqual([final.id]);
    emu.assertNoRejectedRequests();
  });

  test("without access to the channel any more, the grid arrives as a DM to the requester, and its buttons work there", async () => {
    const { handle, record } = await jobOutlivingItsToken();
    const { emu, service, world } = h;
    emu.setBotPermissions(world.general, 0n);
    service.completeNow(record.id);
    const dm = await emu.waitForMessage(emu.dmChannelWith(world.alice), isGrid);

    expect(textOf(dm)).toContain(record.id);
    expect(dm.content).toContain(`<@${world.alice.id}>`);
    expect(dm.attachments.map((a) => a.filename)).toEqual(["grid.png"]);
    expect(isGrid(handle.response()!)).toBe(false);
    await clickLabel(h, dm, "U3", world.alice);
    const single = await waitForUpscale(h, record.id, 2);
    expect(single.channel_id).toBe(dm.channel_id);
    expect(single.attachments.map((a) => a.filename)).toEqual(["u3.png"]);
    emu.assertNoRejectedRequests({ ignoreCodes: [50001] });
  });

  test("with DMs blocked too, the job ends, the log says the result could not be delivered, and the bot goes on", async () => {
    const { record } = await jobOutlivingItsToken();
    const { emu, service, world } = h;
    emu.setBotPermissions(world.general, 0n);
    emu.blockDms(world.alice);
    service.completeNow(record.id);
    await emu.waitFor(() => /could not be delivered/.test(h.logs.text()), {
      description: "the log line about the undeliverable result",
    });

    expect(h.bot.context.imagine.activeJobs()).toEqual([]);
    expect(emu.messagesIn(emu.dmChannelWith(world.alice))).toEqual([]);
    expect(emu.requests.some((r) => r.code === 50007)).toBe(true);
    const next = await startImagine(h, { prompt: "another try", channelId: world.nsfw.id });
    expect(next.record.id).not.toBe(record.id);
    emu.assertNoRejectedRequests({ ignoreCodes: [50001, 50007] });
  });
});
