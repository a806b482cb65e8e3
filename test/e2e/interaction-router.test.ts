/**
 * The interaction router end to end, with real discord.js against the emulator: buttons, select menus and
 * modal submits reach the handler owning their custom id's prefix; an id no handler reads (unknown prefix,
 * forged or malformed) gets a note only the clicker sees, never a public error or a hanging "thinking".
 */
import {
  ButtonStyle,
  ComponentType,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type TextChannel,
} from "discord.js";
import { afterEach, describe, expect, test } from "vitest";
import { registry } from "../../commands/index.js";
import imagine from "../../commands/imagine/imagine.js";
import type { BotContext } from "../../src/bot-context.js";
import type { IdCodec } from "../../src/custom-ids/id-codec.js";
import type { ComponentHandler } from "../../src/discord/component.js";
import { createInteractionRouter } from "../../src/discord/interaction-router.js";
import { english } from "../../src/i18n/translate.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** A small form, as a later command would have: a button opening a modal, and a select menu. */
type FormAction = { readonly kind: "open" | "pick" | "submit" };
const formCodec: IdCodec<FormAction> = {
  encode: (action) => `form:${action.kind}`,
  decode(customId) {
    const kind = /^form:(open|pick|submit)$/.exec(customId)?.[1];
    return kind === "open" || kind === "pick" || kind === "submit" ? { kind } : null;
  },
};
const form: ComponentHandler<FormAction, BotContext> = {
  prefix: "form",
  codec: formCodec,
  async execute(interaction, action) {
    if (action.kind === "open" && interaction.isButton()) {
      const words = new TextInputBuilder().setCustomId("words").setStyle(TextInputStyle.Short);
      await interaction.showModal(
        new ModalBuilder()
          .setCustomId(formCodec.encode({ kind: "submit" }))
          .setTitle("Describe it")
          .addLabelComponents(new LabelBuilder().setLabel("Words").setTextInputComponent(words)),
      );
    } else if (action.kind === "pick" && interaction.isStringSelectMenu()) {
      await interaction.reply({
        content: `picked ${interaction.values.join(", ")}`,
        flags: MessageFlags.Ephemeral,
      });
    } else if (action.kind === "submit" && interaction.isModalSubmit()) {
      const words = interaction.fields.getTextInputValue("words");
      await interaction.reply({ content: `you wrote ${words}`, flags: MessageFlags.Ephemeral });
    }
  },
};

async function startWithForm() {
  h = await startBotHarness({ interactions: { ...registry, components: [...registry.components, form] } });
}

/** A message the bot posts with one button and one select menu carrying the given ids. */
async function postWith(buttonId: string, selectId = "form:pick"): Promise<string> {
  const channel = (await h.bot.client.channels.fetch(h.world.general.id)) as TextChannel;
  const message = await channel.send({
    content: "components",
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          { type: ComponentType.Button, style: ButtonStyle.Secondary, customId: buttonId, label: "Go" },
        ],
      },
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            customId: selectId,
            options: [
              { label: "Red", value: "red" },
              { label: "Blue", value: "blue" },
            ],
          },
        ],
      },
    ],
  });
  return message.id;
}

describe("the interaction router", () => {
  test("a select menu reaches the handler owning its prefix, with the values picked", async () => {
    await startWithForm();
    const message = await postWith("form:open");
    const pick = await h.emu.selectMenu({
      message,
      customId: "form:pick",
      values: ["blue"],
      user: h.world.alice,
    });
    const answer = await pick.waitForResponse();
    expect(answer.ephemeral).toBe(true);
    expect(textOf(answer)).toBe("picked blue");
    h.emu.assertNoRejectedRequests();
  });

  test("a modal opened by a button is submitted to the handler owning the modal's prefix", async () => {
    await startWithForm();
    const message = await postWith("form:open");
    const click = await h.emu.clickButton({ message, customId: "form:open", user: h.world.alice });
    await click.waitForAcknowledgement();
    expect(click.modal()).toMatchObject({ custom_id: "form:submit", title: "Describe it" });

    const submit = await h.emu.submitModal({
      interaction: click,
      user: h.world.alice,
      values: { words: "a fox" },
    });
    const answer = await submit.waitForResponse();
    expect(answer.ephemeral).toBe(true);
    expect(textOf(answer)).toBe("you wrote a fox");
    await expect(
      h.emu.submitModal({ interaction: click, user: h.world.alice, values: { words: "again" } }),
    ).rejects.toThrow(/already submitted/);
    h.emu.assertNoRejectedRequests();
  });

  test.each([
    ["a button whose prefix no handler owns", "button", "nobody-owns-this:1"],
    ["a button of a known prefix the codec cannot read (forged)", "button", "imagine:u:not a job:9"],
    ["a status button of a page that cannot exist", "button", "imagine-status:page:-1"],
    ["a select menu whose prefix no handler owns", "select", "old-menu:colour"],
  ])("%s is told only to the clicker that it no longer works, logged once", async (_, kind, customId) => {
    await startWithForm();
    const message = kind === "button" ? await postWith(customId) : await postWith("form:open", customId);
    const before = h.emu.messagesIn(h.world.general).length;

    const used =
      kind === "button"
        ? await h.emu.clickButton({ message, customId, user: h.world.alice })
        : await h.emu.selectMenu({ message, customId, values: ["red"], user: h.world.alice });
    const answer = await used.waitForResponse();

    expect(answer.ephemeral).toBe(true);
    expect(textOf(answer)).toBe(english("error.staleComponent"));
    expect(h.emu.messagesIn(h.world.general)).toHaveLength(before);
    const noted = h.logs.lines.filter((l) => l.includes("component id no handler reads"));
    expect(noted).toHaveLength(1);
    expect(noted[0]).toContain('"level":30');
    expect(h.logs.lines.filter((l) => /"level":(40|50|60)/.test(l))).toEqual([]);
    h.emu.assertNoRejectedRequests();
  });

  test("two handlers claiming one prefix are refused when the router is built", async () => {
    await startWithForm();
    const twice = { ...registry, components: [...registry.components, form, form] };
    expect(() => createInteractionRouter(twice, h.bot.context)).toThrow(/prefix "form" is used twice/);
  });
});

describe("autocomplete", () => {
  test("a failing autocomplete answers no suggestions within Discord's 3 seconds, logged, never an error", async () => {
    const failing = registry.commands.map((c) =>
      c === imagine
        ? {
            ...c,
            autocomplete: async () => {
              throw new Error("the settings store is down");
            },
          }
        : c,
    );
    h = await startBotHarness({ interactions: { ...registry, commands: failing } });
    const typed = await h.emu.autocomplete({
      name: "imagine",
      focused: "style",
      typed: "wat",
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    expect(await typed.waitForChoices()).toEqual([]);
    expect(h.logs.text()).toContain("autocomplete failed; answering no suggestions");
    expect(h.logs.text()).toContain("the settings store is down");
    h.emu.assertNoRejectedRequests();
  });
});
