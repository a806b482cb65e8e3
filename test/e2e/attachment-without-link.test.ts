/**
 * An attachment Discord sends without a link (seen from a misbehaving gateway or proxy) cannot be given to
 * the generator. The user is asked to upload it again, privately, and nothing reaches the image service; it
 * is not "something went wrong on my side".
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";

/** A tiny PNG as a user would attach it. */
const PNG = { filename: "cat.png", bytes: Buffer.from("89504e470d0a1a0a", "hex"), contentType: "image/png" };
const UPLOAD_AGAIN = "The attachment `cat.png` could not be read: try uploading it again.";

type Json = Record<string, unknown>;

function withoutLinks(attachment: unknown): unknown {
  const { url: _url, proxy_url: _proxy, ...rest } = attachment as Json;
  return rest;
}

/** The event as Discord would send it with every attachment's `url` and `proxy_url` left out. */
function dropAttachmentLinks(event: string, data: unknown): unknown {
  if (data === null || typeof data !== "object") return data;
  const d = data as Json;
  if (event === "MESSAGE_CREATE" && Array.isArray(d["attachments"])) {
    return { ...d, attachments: d["attachments"].map(withoutLinks) };
  }
  const interactionData = d["data"] as { resolved?: { attachments?: Record<string, unknown> } } | undefined;
  const attachments = interactionData?.resolved?.attachments;
  if (event === "INTERACTION_CREATE" && attachments) {
    const stripped = Object.fromEntries(Object.entries(attachments).map(([id, a]) => [id, withoutLinks(a)]));
    return {
      ...d,
      data: { ...interactionData, resolved: { ...interactionData.resolved, attachments: stripped } },
    };
  }
  return data;
}

describe("an attachment that arrives without a link", () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness();
    // The emulator, like Discord, always sends links: take them out on the wire, between it and discord.js.
    const gateway = h.emu.gateway;
    const dispatch = gateway.dispatch.bind(gateway);
    gateway.dispatch = (event, build) =>
      dispatch(event, (intents) => dropAttachmentLinks(event, build(intents)));
  });
  afterAll(async () => {
    await h?.stop();
  });
  afterEach(() => {
    expect(h.service.records()).toEqual([]);
    expect(h.service.requests.filter((r) => r.request === "POST /items/images")).toEqual([]);
    h.emu.assertNoRejectedRequests();
  });

  test("as the /imagine image option: an ephemeral reply asks to upload it again, repeating the prompt", async () => {
    const handle = await h.emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "the same cat as a watercolor", image: PNG },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const reply = await handle.waitForResponse();

    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe(UPLOAD_AGAIN);
    expect(textOf(reply)).toBe(`${UPLOAD_AGAIN}\n**Prompt**\nthe same cat as a watercolor`);
  });

  test("in a DM: the bot's answer asks to upload it again", async () => {
    const sent = await h.emu.sendDirectMessage({
      user: h.world.alice,
      content: "the same cat as a watercolor",
      attachments: [PNG],
    });
    const dm = h.emu.dmChannelWith(h.world.alice);
    const answer = await h.emu.waitFor(
      () =>
        h.emu
          .messagesIn(dm)
          .find(
            (m: MessageSnapshot) =>
              m.author.id === h.emu.botUser.id && m.message_reference?.message_id === sent.id,
          ),
      { description: "the bot's answer to the DM" },
    );

    expect(textOf(answer)).toBe(UPLOAD_AGAIN);
  });
});
