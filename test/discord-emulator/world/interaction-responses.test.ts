import {
  ActionRowBuilder,
  MessageFlags,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ChatInputCommandInteraction,
  type Interaction,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
  Routes,
} from "discord.js";
import { ApplicationCommandOptionType, InteractionResponseType } from "discord-api-types/v10";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  nextInteraction,
  startHarness,
  type EmulatorHarness,
} from "../../../tools/discord-emulator/fixtures.js";

const isCommand = (i: Interaction): i is ChatInputCommandInteraction => i.isChatInputCommand();
const isSelect = (i: Interaction): i is StringSelectMenuInteraction => i.isStringSelectMenu();
const isModal = (i: Interaction): i is ModalSubmitInteraction => i.isModalSubmit();

describe("more interaction responses with a real discord.js client", () => {
  let h: EmulatorHarness;
  beforeEach(async () => {
    h = await startHarness();
    await h.client.application.commands.set([
      {
        name: "imagine",
        description: "Create an image",
        options: [
          {
            type: ApplicationCommandOptionType.String,
            name: "prompt",
            description: "What to draw",
            required: true,
          },
          { type: ApplicationCommandOptionType.User, name: "for", description: "Who it is for" },
        ],
      },
    ]);
  });
  afterEach(async () => {
    await h.stop();
  });

  async function run(input: { channelId?: string; options?: Record<string, unknown> } = {}) {
    const received = nextInteraction(h.client, isCommand);
    const handle = await h.emu.sendSlashCommand({
      name: "imagine",
      user: h.world.alice,
      options: { prompt: "a fox", ...input.options } as Record<string, string>,
      ...(input.channelId ? { channelId: input.channelId } : {}),
    });
    return { handle, interaction: await received };
  }

  test("reply and defer with withResponse give discord.js the callback resource and message", async () => {
    const { interaction } = await run({ channelId: h.world.general.id });
    const response = await interaction.reply({ content: "Queued", withResponse: true });
    expect(response.resource?.message?.content).toBe("Queued");
    expect((await interaction.fetchReply()).content).toBe("Queued");
  });

  test("a global command works in a DM with the bot, and the interaction carries the user instead of a member", async () => {
    const { handle, interaction } = await run();
    expect(interaction.inGuild()).toBe(false);
    expect(interaction.user.id).toBe(h.world.alice.id);
    await interaction.reply("In your DMs");
    expect(h.emu.messagesIn(h.emu.dmChannelWith(h.world.alice)).map((m) => m.content)).toEqual([
      "In your DMs",
    ]);
    expect(handle.payload.user?.id).toBe(h.world.alice.id);
  });

  test("a user option arrives resolved with the user and their member", async () => {
    const { interaction } = await run({ channelId: h.world.general.id, options: { for: h.world.mod } });
    expect(interaction.options.getUser("for")?.username).toBe("mod");
    expect(interaction.options.getMember("for")).not.toBeNull();
    await interaction.reply("ok");
  });

  test("a modal opened by the bot is recorded on the interaction", async () => {
    const { handle, interaction } = await run({ channelId: h.world.general.id });
    const input = new TextInputBuilder()
      .setCustomId("prompt")
      .setLabel("Prompt")
      .setStyle(TextInputStyle.Short);
    await interaction.showModal(
      new ModalBuilder()
        .setCustomId("edit-prompt")
        .setTitle("Edit prompt")
        .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input)),
    );
    expect(handle.acknowledgement()?.type).toBe(InteractionResponseType.Modal);
    expect(handle.modal()).toMatchObject({ custom_id: "edit-prompt", title: "Edit prompt" });
  });

  test("a submitted modal arrives with its field values; a client could not send a missing, unknown or second one", async () => {
    const { handle, interaction } = await run({ channelId: h.world.general.id });
    const input = new TextInputBuilder()
      .setCustomId("prompt")
      .setLabel("Prompt")
      .setStyle(TextInputStyle.Short)
      .setMaxLength(10);
    await interaction.showModal(
      new ModalBuilder()
        .setCustomId("edit-prompt")
        .setTitle("Edit prompt")
        .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input)),
    );
    const user = h.world.alice;
    await expect(h.emu.submitModal({ interaction: handle, user, values: {} })).rejects.toThrow(/required/);
    await expect(
      h.emu.submitModal({ interaction: handle, user, values: { prompt: "x", other: "y" } }),
    ).rejects.toThrow(/no field other/);
    await expect(
      h.emu.submitModal({ interaction: handle, user, values: { prompt: "far too long a prompt" } }),
    ).rejects.toThrow(/characters/);
    await expect(
      h.emu.submitModal({ interaction: handle, user: h.world.mod, values: { prompt: "x" } }),
    ).rejects.toThrow(/not mod's/);

    const received = nextInteraction(h.client, isModal);
    await h.emu.submitModal({ interaction: handle, user, values: { prompt: "a fox" } });
    const submit = await received;
    expect(submit.customId).toBe("edit-prompt");
    expect(submit.fields.getTextInputValue("prompt")).toBe("a fox");
    await submit.reply({ content: "Saved", flags: MessageFlags.Ephemeral });
    await expect(h.emu.submitModal({ interaction: handle, user, values: { prompt: "b" } })).rejects.toThrow(
      /already submitted/,
    );
  });

  test("a modal submit cannot be answered with another modal, as Discord refuses it", async () => {
    const { handle, interaction } = await run({ channelId: h.world.general.id });
    const input = new TextInputBuilder()
      .setCustomId("prompt")
      .setLabel("Prompt")
      .setStyle(TextInputStyle.Short);
    const modal = new ModalBuilder()
      .setCustomId("edit-prompt")
      .setTitle("Edit prompt")
      .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
    await interaction.showModal(modal);
    const received = nextInteraction(h.client, isModal);
    await h.emu.submitModal({ interaction: handle, user: h.world.alice, values: { prompt: "a fox" } });
    const submit = await received;
    await expect(
      h.client.rest.post(Routes.interactionCallback(submit.id, submit.token), {
        body: { type: InteractionResponseType.Modal, data: modal.toJSON() },
        auth: false,
      }),
    ).rejects.toMatchObject({ code: 50035 });
    expect(submit.replied).toBe(false);
  });

  test("picking a select-menu option arrives with the chosen values and a deferred update leaves the message as it was", async () => {
    const { interaction } = await run({ channelId: h.world.general.id });
    const menu = new StringSelectMenuBuilder()
      .setCustomId("style")
      .addOptions({ label: "Photo", value: "photo" }, { label: "Anime", value: "anime" });
    await interaction.reply({
      content: "Choose a style",
      components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
    });
    const message = await h.emu.waitForMessage(h.world.general, (m) => m.content === "Choose a style");
    await expect(
      h.emu.selectMenu({ message, customId: "style", values: ["oil"], user: h.world.alice }),
    ).rejects.toThrow(/no option oil/);
    const received = nextInteraction(h.client, isSelect);
    const handle = await h.emu.selectMenu({
      message,
      customId: "style",
      values: ["anime"],
      user: h.world.alice,
    });
    const select = await received;
    expect(select.values).toEqual(["anime"]);
    await select.deferUpdate();
    expect(handle.acknowledgement()?.type).toBe(InteractionResponseType.DeferredMessageUpdate);
    expect(h.emu.messageHistory(message.id)).toHaveLength(1);
    await select.editReply({ content: "Style: anime", components: [] });
    expect(h.emu.message(message.id)?.content).toBe("Style: anime");
  });
});
