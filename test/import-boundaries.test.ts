/**
 * The layout's import rules (`eslint.config.js`, run by `npm run lint`): the core and the Discord adapter never
 * import the features' wing `commands/` (only the composition root and deploy do), the custom-id codecs
 * stay a pure leaf, and a file's role by its name keeps views, queries and codecs pure wherever they live.
 */
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", () => {
  test.each([
    [
      "src/render/probe.ts",
      'import { commands } from "../../commands/index.js";\nexport const n = commands;\n',
    ],
    [
      "src/discord/probe.ts",
      'import { registry } from "../../commands/index.js";\nexport const n = registry;\n',
    ],
    ["src/imagine/probe.ts", 'import x from "../../commands/imagine/imagine.js";\nexport const n = x;\n'],
  ])("%s may not import commands/", async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([expect.stringContaining("features' wing")]);
  });

  test("the custom-id codecs may not import commands/", async () => {
    const code = 'import { commands } from "../../commands/index.js";\nexport const n = commands;\n';
    expect(await restrictedImports("src/custom-ids/probe.ts", code)).not.toEqual([]);
  });

  test.each(["src/bot.ts", "src/deploy.ts"])(
    "%s, which hands the list on, may import commands/",
    async (file) => {
      const code = 'import { commands } from "../commands/index.js";\nexport const n = commands;\n';
      expect(await restrictedImports(file, code)).toEqual([]);
    },
  );

  test.each([
    ['import type { Interaction } from "discord.js";\nexport type I = Interaction;\n', "pure leaf"],
    [
      'import { formatDuration } from "../render/format.js";\nexport const f = formatDuration;\n',
      "own files",
    ],
  ])("the custom-id codecs import neither discord.js nor the rest of the bot: %s", async (code, says) => {
    expect(await restrictedImports("src/custom-ids/probe.ts", code)).toEqual([expect.stringContaining(says)]);
  });

  test("a codec may use its own parts and the service's vocabulary", async () => {
    const code =
      'import { GRID_SIZE } from "../service/schema.js";\nimport { isSnowflake } from "./id-parts.js";\n' +
      "export const n = [GRID_SIZE, isSnowflake];\n";
    expect(await restrictedImports("src/custom-ids/probe.ts", code)).toEqual([]);
  });

  test.each([
    [
      "commands/history/probe-view.ts",
      'import { EmbedBuilder } from "discord.js";\nexport const e = EmbedBuilder;\n',
    ],
    [
      "commands/status/probe-query.ts",
      'import { readFile } from "node:fs/promises";\nexport const r = readFile;\n',
    ],
    [
      "commands/config/probe-id.ts",
      'import { ButtonStyle } from "discord.js";\nexport const b = ButtonStyle;\n',
    ],
    ["src/render/probe.ts", 'import { EmbedBuilder } from "discord.js";\nexport const e = EmbedBuilder;\n'],
    [
      "commands/history/probe-view.ts",
      'import { openStores } from "../../src/store/open-stores.js";\nexport const o = openStores;\n',
    ],
  ])("%s, pure by its role, may not use discord.js or I/O", async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toContainEqual(expect.stringContaining("pure"));
  });

  test("a handler beside a feature's views (no role in its name) may use discord.js", async () => {
    const code = 'import { ButtonStyle } from "discord.js";\nexport const b = ButtonStyle;\n';
    expect(await restrictedImports("commands/history/probe-button.ts", code)).toEqual([]);
  });

  test("a feature's codec imports only codecs beside it, the shared id parts and the service's vocabulary", async () => {
    const allowed =
      'import { GRID_SIZE } from "../../src/service/schema.js";\n' +
      'import { isSnowflake } from "../../src/custom-ids/id-parts.js";\n' +
      'import { showJobCodec } from "./show-job-id.js";\n' +
      "export const n = [GRID_SIZE, isSnowflake, showJobCodec];\n";
    expect(await restrictedImports("commands/history/probe-id.ts", allowed)).toEqual([]);
    const other =
      'import { formatDuration } from "../../src/render/format.js";\nexport const f = formatDuration;\n';
    expect(await restrictedImports("commands/history/probe-id.ts", other)).toEqual([
      expect.stringContaining("imports only"),
    ]);
  });
});
