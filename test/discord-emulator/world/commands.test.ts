import { DiscordAPIError, Routes } from "discord.js";
import { ApplicationCommandOptionType, PermissionFlagsBits, RESTJSONErrorCodes } from "discord-api-types/v10";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { forgiveRefusedRequests } from "../../../tools/discord-emulator/schema/schema-violations.js";
import { startHarness, type EmulatorHarness } from "../../../tools/discord-emulator/fixtures.js";

const valid = { name: "imagine", description: "Create an image" };
const stringOption = (extra: object) => ({
  type: ApplicationCommandOptionType.String as const,
  name: "prompt",
  description: "What to draw",
  ...extra,
});

describe("application command registration", () => {
  let h: EmulatorHarness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    // These tests send bodies Discord refuses on purpose; what the emulator answered them is asserted.
    forgiveRefusedRequests();
    await h.stop();
  });

  test("global and guild commands registered through discord.js are listed, and a re-registration keeps ids", async () => {
    await h.client.application.commands.set([
      valid,
      {
        name: "settings",
        description: "Server settings",
        default_member_permissions: PermissionFlagsBits.ManageGuild.toString(),
      },
    ]);
    await h.client.application.commands.set(
      [{ name: "ping", description: "Replies pong" }],
      h.world.guild.id,
    );
    expect(h.emu.registeredCommands().map((c) => c.name)).toEqual(["imagine", "settings"]);
    expect(h.emu.registeredCommands(h.world.guild.id).map((c) => c.name)).toEqual(["ping"]);
    const firstId = h.emu.registeredCommands()[0]?.id;
    const fetched = await h.client.application.commands.fetch();
    expect([...fetched.keys()]).toContain(firstId);
    await h.client.application.commands.set([valid]);
    expect(h.emu.registeredCommands().map((c) => [c.name, c.id])).toEqual([["imagine", firstId]]);
  });

  test.each([
    [
      "an uppercase name",
      { ...valid, name: "Imagine" },
      { 0: { name: { _errors: [{ code: "APPLICATION_COMMAND_INVALID_NAME" }] } } },
    ],
    [
      "a name with a space",
      { ...valid, name: "make image" },
      { 0: { name: { _errors: [{ code: "APPLICATION_COMMAND_INVALID_NAME" }] } } },
    ],
    [
      "a 33-character name",
      { ...valid, name: "a".repeat(33) },
      { 0: { name: { _errors: [{ code: "BASE_TYPE_BAD_LENGTH" }] } } },
    ],
    [
      "an empty description",
      { ...valid, description: "" },
      { 0: { description: { _errors: [{ code: "BASE_TYPE_BAD_LENGTH" }] } } },
    ],
    [
      "a 101-character description",
      { ...valid, description: "d".repeat(101) },
      { 0: { description: { _errors: [{ code: "BASE_TYPE_BAD_LENGTH" }] } } },
    ],
    [
      "26 options",
      { ...valid, options: Array.from({ length: 26 }, (_, i) => stringOption({ name: `o${i}` })) },
      { 0: { options: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH" }] } } },
    ],
    [
      "a string max_length of 6001",
      { ...valid, options: [stringOption({ max_length: 6001 })] },
      { 0: { options: { 0: { max_length: { _errors: [{ code: "NUMBER_TYPE_MAX" }] } } } } },
    ],
    [
      "26 choices",
      {
        ...valid,
        options: [
          stringOption({
            choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` })),
          }),
        ],
      },
      { 0: { options: { 0: { choices: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH" }] } } } } },
    ],
    [
      "a required option after an optional one",
      { ...valid, options: [stringOption({ name: "a" }), stringOption({ name: "b", required: true })] },
      { 0: { options: { _errors: [{ code: "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID" }] } } },
    ],
    [
      "default_member_permissions as a number",
      { ...valid, default_member_permissions: 32 },
      { 0: { default_member_permissions: { _errors: [{ code: "BASE_TYPE_STRING" }] } } },
    ],
    [
      "an unknown context",
      { ...valid, contexts: [3] },
      { 0: { contexts: { 0: { _errors: [{ code: "BASE_TYPE_CHOICES" }] } } } },
    ],
    [
      "an unknown integration type",
      { ...valid, integration_types: [2] },
      { 0: { integration_types: { 0: { _errors: [{ code: "BASE_TYPE_CHOICES" }] } } } },
    ],
    [
      "two commands with one name",
      [valid, valid],
      { 1: { name: { _errors: [{ code: "APPLICATION_COMMANDS_DUPLICATE_NAME" }] } } },
    ],
  ])("registering %s is rejected with 50035 naming the field", async (_name, definition, errors) => {
    const body = Array.isArray(definition) ? definition : [definition];
    const attempt = h.client.rest.put(
      Routes.applicationGuildCommands(h.emu.applicationId, h.world.guild.id),
      { body },
    );
    const error = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error).toMatchObject({
      code: RESTJSONErrorCodes.InvalidFormBodyOrContentType,
      rawError: { errors },
    });
    expect(h.emu.registeredCommands(h.world.guild.id)).toEqual([]);
  });

  test("registering for a guild the bot is not in is 50001 Missing Access", async () => {
    const attempt = h.client.rest.put(
      Routes.applicationGuildCommands(h.emu.applicationId, "123456789012345678"),
      { body: [valid] },
    );
    await expect(attempt).rejects.toMatchObject({ code: RESTJSONErrorCodes.MissingAccess });
  });

  test("a command hidden by default_member_permissions cannot be run by a member without them, but can by the moderator", async () => {
    await h.client.application.commands.set(
      [
        {
          ...valid,
          name: "settings",
          default_member_permissions: PermissionFlagsBits.ManageGuild.toString(),
        },
      ],
      h.world.guild.id,
    );
    await expect(
      h.emu.sendSlashCommand({ name: "settings", user: h.world.alice, channelId: h.world.general.id }),
    ).rejects.toThrow(/hidden from alice/);
    const handle = await h.emu.sendSlashCommand({
      name: "settings",
      user: h.world.mod,
      channelId: h.world.general.id,
    });
    expect(handle.payload.member?.permissions).toBeDefined();
  });

  test("an unregistered command or an option the command does not have cannot be sent", async () => {
    await expect(
      h.emu.sendSlashCommand({ name: "imagine", user: h.world.alice, guildId: h.world.guild.id }),
    ).rejects.toThrow(/not registered/);
    await h.client.application.commands.set(
      [{ ...valid, options: [{ ...stringOption({}), required: true, maxLength: 10 }] }],
      h.world.guild.id,
    );
    const send = (options: Record<string, string>) =>
      h.emu.sendSlashCommand({ name: "imagine", options, user: h.world.alice, guildId: h.world.guild.id });
    await expect(send({})).rejects.toThrow(/required option "prompt"/);
    await expect(send({ prompt: "x".repeat(11) })).rejects.toThrow(/longer than 10/);
    await expect(send({ prompt: "ok", style: "x" })).rejects.toThrow(/unknown option "style"/);
  });

  test("a guild-only command is not offered in DMs", async () => {
    await h.client.application.commands.set([{ ...valid, contexts: [0] }]);
    await expect(h.emu.sendSlashCommand({ name: "imagine", user: h.world.alice })).rejects.toThrow(
      /not offered in DMs/,
    );
  });
});
