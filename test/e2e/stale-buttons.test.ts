/**
 * Buttons of images the service does not know (an old grid whose record is gone, or a crafted click):
 * the service answers 403 FORBIDDEN for them, which is about that image, not about the bot's token. The
 * clicker alone is told the image is no longer available; the channel sees nothing and the owner's log
 * does not blame the token.
 */
import { ButtonStyle, ComponentType, type TextChannel } from "discord.js";
import { afterEach, describe, expect, test } from "vitest";
import { gridButtonCodec, type GridButton } from "../../src/custom-ids/grid-button-id.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { serviceStatusText } from "./status-steps.js";

/** An id the reference service never issued. */
const UNKNOWN_ID = "7d1f3c2a-0000-4000-8000-00000000dead";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** A grid message as the bot posted it long ago, with a button for an image the service no longer has. */
async function oldGridWith(action: GridButton, label: string): Promise<string> {
  const channel = (await h.bot.client.channels.fetch(h.world.general.id)) as TextChannel;
  const message = await channel.send({
    content: "an old grid",
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            customId: gridButtonCodec.encode(action),
            label,
          },
        ],
      },
    ],
  });
  return message.id;
}

describe("buttons of an image the service does not know", () => {
  test.each<[string, GridButton]>([
    ["U1", { action: "upscale", jobId: UNKNOWN_ID, index: 0, requesterId: null }],
    ["🔄", { action: "reroll", jobId: UNKNOWN_ID, requesterId: null }],
  ])(
    "%s tells only the clicker the image is no longer available, and blames no token",
    async (label, action) => {
      h = await startBotHarness();
      const grid = await oldGridWith(action, label);
      const before = h.emu.messagesIn(h.world.general).length;

      const click = await h.emu.clickButton({
        message: grid,
        customId: gridButtonCodec.encode(action),
        user: h.world.alice,
      });
      const where = (m: Parameters<typeof textOf>[0]) => /no longer available/i.test(textOf(m));
      // U1 acknowledges the click without a message (its image is for everyone), then answers privately.
      const answer = await (label === "U1"
        ? click.waitForFollowUp({ where })
        : click.waitForResponse({ where }));

      expect(answer.ephemeral).toBe(true);
      expect(textOf(answer)).not.toMatch(/misconfigured/i);
      expect(h.emu.messagesIn(h.world.general)).toHaveLength(before);
      expect(h.service.requests.map((r) => `${r.request} ${r.status}`)).toContain(
        `GET /items/images/${UNKNOWN_ID} 403`,
      );
      expect(h.service.records()).toHaveLength(0);
      const logs = h.logs.text();
      expect(logs).not.toContain("IMAGINE_API_TOKEN");
      expect(h.logs.lines.filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
      // A 403 about one image says nothing about the service's health.
      const status = await serviceStatusText(h);
      expect(status).toMatch(/🟢 \*\*Image service: working\*\*/);
      expect(status).not.toMatch(/Last error|\b403\b|FORBIDDEN/);
      h.emu.assertNoRejectedRequests();
    },
  );

  test("when the token itself is refused too, U1 still says the bot is misconfigured", async () => {
    h = await startBotHarness({ env: { IMAGINE_API_TOKEN: "not-a-token-the-service-knows" } });
    const action: GridButton = { action: "upscale", jobId: UNKNOWN_ID, index: 0, requesterId: null };
    const grid = await oldGridWith(action, "U1");
    const click = await h.emu.clickButton({
      message: grid,
      customId: gridButtonCodec.encode(action),
      user: h.world.alice,
    });
    const answer = await click.waitForFollowUp({ where: (m) => /misconfigured/i.test(textOf(m)) });
    expect(answer.ephemeral).toBe(true);
    expect(textOf(answer)).not.toMatch(/no longer available/i);
    expect(h.logs.text()).toContain("IMAGINE_API_TOKEN");
  });
});
