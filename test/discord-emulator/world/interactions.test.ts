import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
} from "discord.js";
import {
  ApplicationCommandOptionType,
  InteractionResponseType,
  RESTJSONErrorCodes,
} from "discord-api-types/v10";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  nextInteraction,
  startHarness,
  type EmulatorHarness,
  sendableChannel,
} from "../../../tools/discord-emulator/fixtures.js";

const isCommand = (i: Interaction): i is ChatInputCommandInteraction => i.isChatInputCommand();
const isButton = (i: Interaction): i is ButtonInteraction => i.isButton();

/** Runs `action` and returns the Discord error code it was rejected with. */
async function rejectionCode(action: () => Promise<unknown>): Promise<number | string> {
  try {
    await action();
  } catch (error) {
    if (error instanceof DiscordAPIError) return error.code;
    throw error;
  }
  throw new Error("expected Discord to reject the request");
}

describe("interactions with a real discord.js client", () => {
  let h: EmulatorHarness;
  beforeEach(async () => {
    h = await startHarness();
    await h.client.application.commands.set(
      [
        {
          name: "imagine",
          description: "Create an image from a prompt",
          options: [
            {
              type: ApplicationCommandOptionType.String,
              name: "prompt",
              description: "What to draw",
              required: true,
              max_length: 6000,
            },
            {
              type: ApplicationCommandOptionType.Attachment,
              name: "reference",
              description: "An image to start from",
            },
          ],
        },
      ],
      h.world.guild.id,
    );
  });
  afterEach(async () => {
    await h.stop();
  });

  async function runImagine(prompt = "a red fox") {
    const received = nextInteraction(h.client, isCommand);
    const handle = await h.emu.sendSlashCommand({
      name: "imagine",
      options: { prompt },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    return { handle, interaction: await received };
  }

  test("a slash command arrives with its options; defer, edit, follow up and edit the follow-up all land in the channel", async () => {
    const { handle, interaction } = await runImagine();
    expect(interaction.options.getString("prompt")).toBe("a red fox");
    expect(interaction.user.id).toBe(h.world.alice.id);
    expect(interaction.inGuild() && interaction.memberPermissions.has("SendMessages")).toBe(true);
    await interaction.deferReply();
    expect(handle.acknowledgement()?.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    await interaction.editReply("Working on it: 50%");
    await interaction.editReply("Done!");
    const followUp = await interaction.followUp("Here is a variation");
    await interaction.webhook.editMessage(followUp.id, { content: "Here is a better variation" });

    expect(handle.response()?.content).toBe("Done!");
    expect(handle.responseHistory().map((m) => m.content)).toEqual(["", "Working on it: 50%", "Done!"]);
    expect(handle.followUps().map((m) => m.content)).toEqual(["Here is a better variation"]);
    expect(h.emu.messagesIn(h.world.general).map((m) => m.content)).toEqual([
      "Done!",
      "Here is a better variation",
    ]);
    expect(h.emu.latestMessage(h.world.general)?.interaction_metadata?.user.id).toBe(h.world.alice.id);
    h.emu.assertNoRejectedRequests();
  });

  test("an attachment option arrives resolved with url, content type, size and filename, and its bytes download", async () => {
    const received = nextInteraction(h.client, isCommand);
    const bytes = Buffer.from("\x89PNG fake image bytes");
    await h.emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "like this" },
      attachments: { reference: { filename: "ref.png", bytes, contentType: "image/png" } },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const interaction = await received;
    const attachment = interaction.options.getAttachment("reference", true);
    expect(attachment).toMatchObject({ name: "ref.png", contentType: "image/png", size: bytes.length });
    const downloaded = Buffer.from(await (await fetch(attachment.url)).arrayBuffer());
    expect(downloaded.equals(bytes)).toBe(true);
    await interaction.reply("ok");
  });

  test("an ephemeral reply is visible through the interaction but not in the channel", async () => {
    const { handle, interaction } = await runImagine();
    await interaction.reply({ content: "Only you can see this", flags: MessageFlags.Ephemeral });
    expect(handle.response()).toMatchObject({ content: "Only you can see this", ephemeral: true });
    expect(h.emu.messagesIn(h.world.general)).toEqual([]);
  });

  test("the first follow-up after a deferred reply fills in the deferred message", async () => {
    const { handle, interaction } = await runImagine();
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const sent = await interaction.followUp("Finished");
    expect(sent.id).toBe(handle.response()?.id);
    expect(handle.response()).toMatchObject({ content: "Finished", ephemeral: true });
    expect(handle.followUps()).toEqual([]);
  });

  test("a first response after 3 seconds is 10062 Unknown interaction", async () => {
    const { interaction } = await runImagine();
    h.emu.clock.advance(3001);
    expect(await rejectionCode(() => interaction.reply("too late"))).toBe(
      RESTJSONErrorCodes.UnknownInteraction,
    );
    expect(h.emu.rejectedRequests({ ignoreCodes: [RESTJSONErrorCodes.UnknownInteraction] })).toEqual([]);
  });

  test("acknowledging twice is 40060 Interaction has already been acknowledged", async () => {
    const { interaction } = await runImagine();
    await interaction.deferReply();
    // discord.js itself refuses a second reply, so send the callback again through its REST client.
    const second = () =>
      h.client.rest.post(`/interactions/${interaction.id}/${interaction.token}/callback`, {
        body: { type: 4, data: { content: "again" } },
        auth: false,
      });
    expect(await rejectionCode(second)).toBe(RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged);
  });

  test("the interaction token stops working after 15 minutes with 50027 Invalid Webhook Token", async () => {
    const { interaction } = await runImagine();
    await interaction.deferReply();
    await interaction.editReply("still within 15 minutes");
    h.emu.clock.advance(15 * 60 * 1000 + 1);
    expect(await rejectionCode(() => interaction.editReply("too late"))).toBe(
      RESTJSONErrorCodes.InvalidWebhookToken,
    );
    expect(await rejectionCode(() => interaction.followUp("too late"))).toBe(
      RESTJSONErrorCodes.InvalidWebhookToken,
    );
  });

  test("the bot can still edit its non-ephemeral reply with the bot token after the interaction token expired", async () => {
    const { handle, interaction } = await runImagine();
    await interaction.reply("v1");
    h.emu.clock.advance(20 * 60 * 1000);
    const channel = await sendableChannel(h.client, h.world.general.id);
    await channel.messages.edit(handle.response()?.id ?? "", "v2");
    expect(handle.response()?.content).toBe("v2");
  });

  test("a button click arrives with the message it is on, and an update edits that message", async () => {
    const { interaction } = await runImagine();
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId("upscale:1").setLabel("U1").setStyle(ButtonStyle.Primary),
    );
    await interaction.reply({ content: "Pick one", components: [row] });
    const message = await h.emu.waitForMessage(h.world.general, (m) => m.content === "Pick one");

    const clicked = nextInteraction(h.client, isButton);
    const click = await h.emu.clickButton({ message, customId: "upscale:1", user: h.world.mod });
    const button = await clicked;
    expect(button.customId).toBe("upscale:1");
    expect(button.message.id).toBe(message.id);
    expect(button.message.content).toBe("Pick one");
    expect(button.user.id).toBe(h.world.mod.id);
    await button.update({ content: "Upscaling...", components: [] });
    expect(click.acknowledgement()?.type).toBe(InteractionResponseType.UpdateMessage);
    expect(h.emu.messageHistory(message.id).map((m) => m.content)).toEqual(["Pick one", "Upscaling..."]);
  });

  test("clicking a button that is not on the message is refused to the test, as a user could not do it", async () => {
    const { interaction } = await runImagine();
    await interaction.reply("No buttons here");
    const message = await h.emu.waitForMessage(h.world.general);
    await expect(h.emu.clickButton({ message, customId: "nope", user: h.world.alice })).rejects.toThrow(
      /no component with custom_id "nope"/,
    );
  });
});
