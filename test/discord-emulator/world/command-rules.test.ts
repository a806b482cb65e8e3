/**
 * What Discord refuses when commands are registered, through raw REST requests: localisations (bulk
 * overwrite, create and edit), the 8,000-character size of a command, channel types, apostrophes in names;
 * and how `GET .../commands` lists localisations.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { DiscordEmulator } from "../../../tools/discord-emulator/emulator.js";
import { startDefaultEmulator, type DefaultWorld } from "../../../tools/discord-emulator/fixtures.js";
import { forgiveRefusedRequests } from "../../../tools/discord-emulator/schema/schema-violations.js";
import { formError } from "../validation/form-error-matcher.js";

let emu: DiscordEmulator;
let world: DefaultWorld;
beforeEach(async () => {
  ({ emu, world } = await startDefaultEmulator());
});
afterEach(async () => {
  // These tests send definitions Discord refuses on purpose; what the emulator answered them is asserted.
  forgiveRefusedRequests();
  await emu.close();
});

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${emu.apiUrl}/v10/applications/${emu.applicationId}${path}`, {
    method,
    headers: { authorization: `Bot ${emu.botToken}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

const guildCommands = () => `/guilds/${world.guild.id}/commands`;

const prompt = { type: 3, name: "prompt", description: "What to draw", required: true };
const imagine = (extra: object = {}) => ({
  name: "imagine",
  description: "Create an image",
  options: [prompt],
  ...extra,
});

describe("localisations", () => {
  test.each([
    [
      "a locale Discord does not have",
      { name_localizations: { xx: "bild" } },
      ["name_localizations", "xx"],
      "BASE_TYPE_CHOICES",
    ],
    [
      "a language without its region",
      { description_localizations: { es: "Crear" } },
      ["description_localizations", "es"],
      "BASE_TYPE_CHOICES",
    ],
    [
      "a localised name in upper case",
      { name_localizations: { de: "Bild" } },
      ["name_localizations", "de"],
      "APPLICATION_COMMAND_INVALID_NAME",
    ],
    [
      "a localised name with a space",
      { name_localizations: { fr: "une image" } },
      ["name_localizations", "fr"],
      "APPLICATION_COMMAND_INVALID_NAME",
    ],
    [
      "a localised description over 100 characters",
      { description_localizations: { "pt-BR": "d".repeat(101) } },
      ["description_localizations", "pt-BR"],
      "BASE_TYPE_BAD_LENGTH",
    ],
    [
      "a localised option name equal to another option's name",
      {
        options: [
          prompt,
          { type: 3, name: "style", description: "Style", name_localizations: { de: "prompt" } },
        ],
      },
      ["options", 1, "name_localizations", "de"],
      "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
    ],
    [
      "autocomplete with choices",
      {
        options: [
          prompt,
          {
            type: 3,
            name: "style",
            description: "Style",
            autocomplete: true,
            choices: [{ name: "a", value: "a" }],
          },
        ],
      },
      ["options", 1, "autocomplete"],
      "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES",
    ],
  ])(
    "a bulk overwrite with %s is refused whole with 50035 naming the field",
    async (_name, extra, path, code) => {
      const answer = await call("PUT", guildCommands(), [
        { name: "help", description: "Help" },
        imagine(extra),
      ]);
      expect(answer).toMatchObject({
        status: 400,
        body: { code: 50035, errors: formError([1, ...path], code) },
      });
      expect(emu.registeredCommands(world.guild.id)).toEqual([]);
    },
  );

  test("Discord's locales with their regions are accepted", async () => {
    const localized = imagine({
      name_localizations: { "es-ES": "imaginar", "es-419": "imaginar", "pt-BR": "imaginar", ja: "画像" },
      description_localizations: { de: "Ein Bild erstellen", "zh-TW": "建立圖片" },
    });
    expect((await call("PUT", guildCommands(), [localized])).status).toBe(200);
  });

  test("creating or editing one command checks its localisations too", async () => {
    const created = await call("POST", guildCommands(), imagine({ name_localizations: { es: "imaginar" } }));
    expect(created.body).toMatchObject({
      code: 50035,
      errors: formError(["name_localizations", "es"], "BASE_TYPE_CHOICES"),
    });
    const ok = (await call("POST", guildCommands(), imagine())).body as { id: string };
    const edited = await call("PATCH", `${guildCommands()}/${ok.id}`, {
      description_localizations: { fr: "" },
    });
    expect(edited.body).toMatchObject({
      code: 50035,
      errors: formError(["description_localizations", "fr"], "BASE_TYPE_BAD_LENGTH"),
    });
  });

  test("commands are listed without localisations unless with_localizations=true asks for them", async () => {
    await call("PUT", guildCommands(), [imagine({ name_localizations: { de: "bild" } })]);
    const [plain] = (await call("GET", guildCommands())).body as Record<string, unknown>[];
    const [full] = (await call("GET", `${guildCommands()}?with_localizations=true`)).body as Record<
      string,
      unknown
    >[];
    expect(plain).not.toHaveProperty("name_localizations");
    expect(full).toMatchObject({ name_localizations: { de: "bild" } });
  });
});

describe("size and names", () => {
  const choices = (count: number) =>
    Array.from({ length: count }, (_, k) => ({
      name: `${k}`.padEnd(100, "n"),
      value: `${k}`.padEnd(100, "v"),
    }));

  test("a command over 8,000 characters in names, descriptions and choices is refused", async () => {
    const big = imagine({
      options: [0, 1].map((i) => ({ type: 3, name: `o${i}`, description: "Pick", choices: choices(25) })),
    });
    const answer = await call("PUT", guildCommands(), [big]);
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 50035, errors: formError([0], "APPLICATION_COMMAND_TOO_LARGE") },
    });
  });

  test("only the longest localisation of a field counts towards the 8,000 characters", async () => {
    const locales = ["de", "fr", "es-ES", "es-419", "pt-BR", "ja"];
    const localizedChoices = choices(25).map((c) => ({
      ...c,
      name_localizations: Object.fromEntries(locales.map((l) => [l, c.name])),
    }));
    const command = imagine({
      options: [{ type: 3, name: "pick", description: "Pick", choices: localizedChoices }],
    });
    expect((await call("PUT", guildCommands(), [command])).status).toBe(200);
  });

  test("a channel option with a channel type Discord does not have is refused", async () => {
    const command = imagine({
      options: [{ type: 7, name: "where", description: "Where", channel_types: [0, 99] }],
    });
    const answer = await call("PUT", guildCommands(), [command]);
    expect(answer.body).toMatchObject({
      code: 50035,
      errors: formError([0, "options", 0, "channel_types", 1], "BASE_TYPE_CHOICES"),
    });
  });

  test("a name with an apostrophe is a valid command name", async () => {
    const answer = await call("PUT", guildCommands(), [{ name: "what's-new", description: "News" }]);
    expect(answer.status).toBe(200);
    expect(emu.registeredCommands(world.guild.id).map((c) => c.name)).toEqual(["what's-new"]);
  });
});
