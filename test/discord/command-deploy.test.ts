/**
 * `npm run deploy` against the Discord emulator: where the commands end up (one server, or everywhere) and
 * what the owner is told about it, including the server copies a global deploy leaves behind.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { REST, Routes } from "discord.js";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parseConfig, type Config } from "../../src/config.js";
import { commands } from "../../commands/index.js";
import { DeployUsageError, runDeploy } from "../../src/discord/command-deploy.js";
import type { DiscordEmulator } from "../../tools/discord-emulator/emulator.js";
import { startDefaultEmulator, type DefaultWorld } from "../../tools/discord-emulator/fixtures.js";

let emu: DiscordEmulator;
let world: DefaultWorld;
beforeAll(async () => {
  ({ emu, world } = await startDefaultEmulator());
});
afterAll(async () => {
  await emu?.close();
});

/** The bot's slash commands. */
const names = [
  "blend",
  "help",
  "history",
  "imagine",
  "imagine-config",
  "imagine-status",
  "quota",
  "settings",
  "show",
];
const registered = (guildId?: string) =>
  emu
    .registeredCommands(guildId)
    .map((c) => c.name)
    .sort();

function config(withGuild: boolean): Config {
  return parseConfig({
    DISCORD_TOKEN: emu.botToken,
    DISCORD_CLIENT_ID: emu.applicationId,
    DISCORD_API_URL: emu.apiUrl,
    IMAGINE_API_URL: "http://127.0.0.1:9",
    IMAGINE_API_TOKEN: "service-token",
    ...(withGuild ? { DISCORD_GUILD_ID: world.guild.id } : {}),
  });
}

describe("npm run deploy", () => {
  beforeEach(async () => {
    // Each test starts with nothing registered anywhere.
    const rest = new REST({ api: emu.apiUrl }).setToken(emu.botToken);
    await rest.put(Routes.applicationCommands(emu.applicationId), { body: [] });
    await rest.put(Routes.applicationGuildCommands(emu.applicationId, world.guild.id), { body: [] });
  });

  test("with DISCORD_GUILD_ID it registers in that server only and says they are not in DMs", async () => {
    const said = await runDeploy(commands, config(true), []);

    expect(registered(world.guild.id)).toEqual(names);
    expect(registered()).toEqual([]);
    expect(said).toContain(`Registered ${names.length} commands in server ${world.guild.id}`);
    expect(said).toMatch(/right away, and only there: not in DMs and not in other servers/);
    expect(said).toContain("npm run deploy -- --global");
  });

  test("without DISCORD_GUILD_ID it registers globally and says they work in DMs and may take an hour", async () => {
    const said = await runDeploy(commands, config(false), []);

    expect(registered()).toEqual(names);
    expect(registered(world.guild.id)).toEqual([]);
    expect(said).toMatch(/^Registered \d+ commands globally: \/imagine/);
    expect(said).toMatch(/every server the bot is in and in DMs; .*up to an hour/);
    expect(said).not.toMatch(/twice/);
  });

  test("a global deploy after a server deploy says the server copies remain and how to remove them", async () => {
    await runDeploy(commands, config(true), []);
    const said = await runDeploy(commands, config(true), ["--global"]);

    expect(registered()).toEqual(names);
    expect(registered(world.guild.id)).toEqual(names);
    expect(said).toContain(
      `Server ${world.guild.id} (DISCORD_GUILD_ID) still has its own copies of /imagine`,
    );
    expect(said).toMatch(
      /members see those commands twice\. Remove them with `npm run deploy -- --clear-guild`/,
    );
  });

  test("--clear-guild removes the server copies and leaves the global commands", async () => {
    await runDeploy(commands, config(true), []);
    await runDeploy(commands, config(true), ["--global"]);
    const said = await runDeploy(commands, config(true), ["--clear-guild"]);

    expect(registered(world.guild.id)).toEqual([]);
    expect(registered()).toEqual(names);
    expect(said).toContain(`Removed ${names.length} commands from server ${world.guild.id}: /`);
    expect(said).toMatch(/Unset DISCORD_GUILD_ID/);
    expect(await runDeploy(commands, config(true), ["--clear-guild"])).toBe(
      `Server ${world.guild.id} had no commands of this bot: nothing to remove.`,
    );
    emu.assertNoRejectedRequests();
  });

  test.each([
    [false, ["--clear-guild"], /set it to that server's id/],
    [true, ["--everywhere"], /^Unknown arguments: --everywhere\nUsage: npm run deploy/],
    [true, ["--global", "--clear-guild"], /^Unknown arguments/],
  ])("with DISCORD_GUILD_ID %s, %j is refused with what to do", async (withGuild, args, says) => {
    const refused = runDeploy(commands, config(withGuild), args);
    await expect(refused).rejects.toBeInstanceOf(DeployUsageError);
    await expect(refused).rejects.toThrow(says);
  });
});

describe("the deploy command line", () => {
  test("`npm run deploy -- --clear-guild` passes the option through and prints the result", async () => {
    const root = resolve(import.meta.dirname, "../..");
    const cwd = await mkdtemp(join(tmpdir(), "imagine-bot-deploy-"));
    const run = (args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ["--import", createRequire(import.meta.url).resolve("tsx"), join(root, "src/deploy.ts"), ...args],
        {
          cwd,
          env: {
            PATH: process.env["PATH"],
            TSX_TSCONFIG_PATH: join(root, "tsconfig.json"),
            DISCORD_TOKEN: emu.botToken,
            DISCORD_CLIENT_ID: emu.applicationId,
            DISCORD_API_URL: emu.apiUrl,
            DISCORD_GUILD_ID: world.guild.id,
            IMAGINE_API_URL: "http://127.0.0.1:9",
            IMAGINE_API_TOKEN: "service-token",
          },
        },
      );
    try {
      expect((await run([])).stdout).toMatch(/not in DMs/);
      // The command line registers the message command too.
      expect(registered(world.guild.id)).toEqual(["Imagine from this image", ...names]);
      expect((await run(["--clear-guild"])).stdout).toMatch(/^Removed \d+ commands from server/);
      expect(registered(world.guild.id)).toEqual([]);
      await expect(run(["--nope"])).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^Unknown arguments: --nope/),
      });
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  }, 30_000);
});
