/**
 * Autocomplete through a real discord.js client: the emulator sends type 4 interactions only for options
 * registered with `autocomplete`, with the focused option's text as typed, and takes only a type 8 answer
 * of at most 25 valid choices, refusing the rest as Discord does (400 50035 naming the field).
 */
import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
} from "discord.js";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  nextInteraction,
  startHarness,
  type EmulatorHarness,
} from "../../../tools/discord-emulator/fixtures.js";
import { forgiveRefusedRequests } from "../../../tools/discord-emulator/schema/schema-violations.js";

const isAutocomplete = (i: Interaction): i is AutocompleteInteraction => i.isAutocomplete();
const isCommand = (i: Interaction): i is ChatInputCommandInteraction => i.isChatInputCommand();

describe("autocomplete with a real discord.js client", () => {
  let h: EmulatorHarness;
  beforeEach(async () => {
    h = await startHarness();
    await h.client.application.commands.set(
      [
        {
          name: "imagine",
          description: "Create an image",
          options: [
            {
              type: ApplicationCommandOptionType.String,
              name: "prompt",
              description: "What",
              required: true,
            },
            {
              type: ApplicationCommandOptionType.String,
              name: "style",
              description: "A style",
              autocomplete: true,
            },
            {
              type: ApplicationCommandOptionType.Integer,
              name: "count",
              description: "How many",
              autocomplete: true,
            },
          ],
        },
      ],
      h.world.guild.id,
    );
  });
  afterEach(async () => {
    forgiveRefusedRequests();
    await h.stop();
  });

  /** Alice types `typed` into `focused` (the prompt filled in); the bot's interaction and the handle. */
  async function typeInto(focused: string, typed: string) {
    const received = nextInteraction(h.client, isAutocomplete);
    const handle = await h.emu.autocomplete({
      name: "imagine",
      focused,
      typed,
      options: { prompt: "a fox" },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    return { handle, interaction: await received };
  }

  test("the bot reads the focused option as typed and its choices reach the user", async () => {
    const { handle, interaction } = await typeInto("style", "wat");
    expect(interaction.commandName).toBe("imagine");
    expect(interaction.options.getFocused(true)).toMatchObject({ name: "style", value: "wat" });
    expect(interaction.options.getString("prompt")).toBe("a fox");
    await interaction.respond([{ name: "watercolour — soft", value: "watercolour" }]);
    expect(await handle.waitForChoices()).toEqual([{ name: "watercolour — soft", value: "watercolour" }]);
    h.emu.assertNoRejectedRequests();
  });

  test.each([
    ["26 choices", Array.from({ length: 26 }, (_, i) => ({ name: `s${i}`, value: `s${i}` })), "choices"],
    ["an empty name", [{ name: "", value: "x" }], "choices.0.name"],
    ["a name over 100", [{ name: "n".repeat(101), value: "x" }], "choices.0.name"],
    ["a value over 100", [{ name: "n", value: "v".repeat(101) }], "choices.0.value"],
    ["a number for a string option", [{ name: "n", value: 3 }], "choices.0.value"],
  ])("an answer with %s is refused with 400 50035 naming the field", async (_, choices, field) => {
    const { handle, interaction } = await typeInto("style", "");
    await expect(interaction.respond(choices as { name: string; value: string }[])).rejects.toMatchObject({
      status: 400,
      code: 50035,
    });
    const refused = h.emu.rejectedRequests().at(-1);
    expect(JSON.stringify(refused?.errors)).toContain(field.split(".").at(-1) ?? "");
    expect(refused?.path).toContain("/callback");
    expect(handle.choices()).toBeNull();
  });

  test("an integer option's choices must be integers", async () => {
    const { handle, interaction } = await typeInto("count", "2");
    // Discord sends what is typed as a string, whatever the option's type.
    expect(interaction.options.getFocused()).toBe("2");
    await expect(interaction.respond([{ name: "two and a half", value: 2.5 }])).rejects.toMatchObject({
      code: 50035,
    });
    const second = await typeInto("count", "2");
    await second.interaction.respond([{ name: "two", value: 2 }]);
    expect(await second.handle.waitForChoices()).toEqual([{ name: "two", value: 2 }]);
    expect(handle.choices()).toBeNull();
  });

  test("a reply to an autocomplete, and choices for a command, are refused", async () => {
    const { interaction } = await typeInto("style", "");
    const rest = h.client.rest;
    await expect(
      rest.post(`/interactions/${interaction.id}/${interaction.token}/callback`, {
        body: { type: 4, data: { content: "hello" } },
        auth: false,
      }),
    ).rejects.toMatchObject({ status: 400, code: 50035 });

    const received = nextInteraction(h.client, isCommand);
    await h.emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a fox" },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const command = await received;
    await expect(
      rest.post(`/interactions/${command.id}/${command.token}/callback`, {
        body: { type: 8, data: { choices: [] } },
        auth: false,
      }),
    ).rejects.toMatchObject({ status: 400, code: 50035 });
  });

  test("the emulator refuses to type into an option without autocomplete, as Discord's client sends none", async () => {
    await expect(
      h.emu.autocomplete({
        name: "imagine",
        focused: "prompt",
        user: h.world.alice,
        channelId: h.world.general.id,
      }),
    ).rejects.toThrow(/not registered with autocomplete/);
  });

  test("an answer after 3 seconds is too late (10062)", async () => {
    const { handle, interaction } = await typeInto("style", "w");
    h.emu.clock.advance(3_500);
    await expect(interaction.respond([{ name: "w", value: "w" }])).rejects.toMatchObject({ code: 10062 });
    expect(handle.choices()).toBeNull();
  });
});
