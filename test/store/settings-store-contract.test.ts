/**
 * The behaviour every SettingsStore must have, run against every implementation so they agree: in memory,
 * SQLite, and Postgres (a real server started by the tests, a new database per test). The database stores
 * are opened the way the bot opens them (`openStores`), on the job store's connection.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MemorySettingsStore } from "../../src/settings/memory-settings-store.js";
import type { GuildSettings, SettingsStore } from "../../src/settings/settings.js";
import { openStores } from "../../src/store/open-stores.js";
import { captureLogs } from "../support/log-capture.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { tempDir } from "./store-fixtures.js";

const postgres = usePostgresServer();

const GUILD = "1000000000000000001";
const OTHER_GUILD = "1000000000000000002";
const USER = "1000000000000000011";
const ROLE = "1000000000000000021";
const CHANNEL = "1000000000000000031";

type Table = "guild_settings" | "member_settings";

interface Opened {
  settings: SettingsStore;
  /** The same database through another connection, as a second bot process has (memory: the same store). */
  second(): Promise<SettingsStore>;
  /** Writes a row's JSON text behind the store's back; absent where there are no rows. */
  writeRaw?: (table: Table, id: string, text: string) => Promise<void>;
  close(): Promise<void>;
}
type Open = (logger: ReturnType<typeof captureLogs>["logger"]) => Promise<Opened>;

const keyOf = (table: Table) => (table === "guild_settings" ? "guild_id" : "user_id");

const implementations: [string, Open][] = [
  [
    "MemorySettingsStore",
    async () => {
      const settings = new MemorySettingsStore();
      return { settings, second: async () => settings, close: async () => {} };
    },
  ],
  [
    "SQLite settings",
    async (logger) => {
      const temp = tempDir();
      const config = { DATABASE_URL: undefined, DATABASE_PATH: join(temp.dir, "bot.db") };
      const stores = await openStores(config, { logger });
      const others = [stores.jobs];
      const raw = new Database(config.DATABASE_PATH);
      return {
        settings: stores.settings,
        async second() {
          const opened = await openStores(config, { logger });
          others.push(opened.jobs);
          return opened.settings;
        },
        async writeRaw(table, id, text) {
          raw
            .prepare(`INSERT INTO ${table} (${keyOf(table)}, settings, updated_at) VALUES (?, ?, 0)`)
            .run(id, text);
        },
        async close() {
          raw.close();
          for (const jobs of others) await jobs.close();
          temp.cleanup();
        },
      };
    },
  ],
  [
    "Postgres settings",
    async (logger) => {
      const config = { DATABASE_URL: await postgres.createDatabase(), DATABASE_PATH: "unused" };
      const stores = await openStores(config, { logger });
      const others = [stores.jobs];
      const raw = new pg.Client({ connectionString: config.DATABASE_URL });
      await raw.connect();
      return {
        settings: stores.settings,
        async second() {
          const opened = await openStores(config, { logger });
          others.push(opened.jobs);
          return opened.settings;
        },
        async writeRaw(table, id, text) {
          await raw.query(`INSERT INTO ${table} (${keyOf(table)}, settings, updated_at) VALUES ($1, $2, 0)`, [
            id,
            text,
          ]);
        },
        async close() {
          await raw.end();
          for (const jobs of others) await jobs.close();
        },
      };
    },
  ],
];

const everything: GuildSettings = {
  userMaxActive: 3,
  userCooldownMs: 0,
  userDailyImages: 25,
  guildMaxActive: 12,
  roleLimits: { [ROLE]: { userDailyImages: 100, userMaxActive: 5 } },
  bannedWords: ["dragon", "two words"],
  auditChannelId: CHANNEL,
  allowedChannelIds: [CHANNEL],
  ageRestrictedOnly: true,
  defaultParameters: "--ar 16:9 --quality 2",
  enhance: false,
};

describe.each(implementations)("%s", (name, open) => {
  let opened: Opened;
  let logs: ReturnType<typeof captureLogs>;

  beforeEach(async (context) => {
    // Outside CI a machine without Postgres skips (and lists) these tests; in CI it fails.
    if (name.startsWith("Postgres") && !postgres.available) context.skip("Postgres is not installed");
    logs = captureLogs();
    opened = await open(logs.logger);
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "skip") return;
    await opened.close();
  });

  test("a server and a member with nothing set read as empty settings", async () => {
    expect(await opened.settings.guild(GUILD)).toStrictEqual({});
    expect(await opened.settings.member(USER)).toStrictEqual({});
  });

  test("every server setting is read back as written, by this connection and another one", async () => {
    const change = await opened.settings.updateGuild(GUILD, () => everything);
    expect(change).toStrictEqual({ before: {}, after: everything });
    expect(await opened.settings.guild(GUILD)).toStrictEqual(everything);
    expect(await (await opened.second()).guild(GUILD)).toStrictEqual(everything);
    expect(await opened.settings.guild(OTHER_GUILD)).toStrictEqual({});
  });

  test("an update gets the current settings and reports them before and after the change", async () => {
    await opened.settings.updateGuild(GUILD, () => ({ userMaxActive: 3, bannedWords: ["dragon"] }));
    const change = await opened.settings.updateGuild(GUILD, (current) => ({
      ...current,
      bannedWords: [...(current.bannedWords ?? []), "kraken"],
    }));
    expect(change).toStrictEqual({
      before: { userMaxActive: 3, bannedWords: ["dragon"] },
      after: { userMaxActive: 3, bannedWords: ["dragon", "kraken"] },
    });
  });

  test("member preferences are kept per member and reset to nothing", async () => {
    const prefs = { suffix: "--ar 16:9", aspectRatio: "3:2", delivery: "dm", language: "de" } as const;
    await opened.settings.updateMember(USER, () => prefs);
    expect(await opened.settings.member(USER)).toStrictEqual(prefs);
    expect(await opened.settings.resetMember(USER)).toStrictEqual(prefs);
    expect(await opened.settings.member(USER)).toStrictEqual({});
  });

  test("resetting a server removes every setting and returns what was set", async () => {
    await opened.settings.updateGuild(GUILD, () => everything);
    expect(await opened.settings.resetGuild(GUILD)).toStrictEqual(everything);
    expect(await opened.settings.guild(GUILD)).toStrictEqual({});
  });

  test("settings read back are copies: changing them changes nothing stored", async () => {
    await opened.settings.updateGuild(GUILD, () => ({ bannedWords: ["dragon"] }));
    const read = await opened.settings.guild(GUILD);
    read.bannedWords?.push("changed");
    expect(await opened.settings.guild(GUILD)).toStrictEqual({ bannedWords: ["dragon"] });
  });

  test("an update returning settings the schema refuses throws and changes nothing", async () => {
    await opened.settings.updateGuild(GUILD, () => ({ userMaxActive: 3 }));
    await expect(opened.settings.updateGuild(GUILD, () => ({ userMaxActive: 0 }))).rejects.toThrow(
      /userMaxActive/,
    );
    expect(await opened.settings.guild(GUILD)).toStrictEqual({ userMaxActive: 3 });
  });

  test("twenty updates racing on two connections all take effect", async () => {
    const stores = [opened.settings, await opened.second()];
    const words = Array.from({ length: 20 }, (_v, i) => `word${i}`);
    await Promise.all(
      words.map((word, i) =>
        stores[i % 2]?.updateGuild(GUILD, (current) => ({
          bannedWords: [...(current.bannedWords ?? []), word],
        })),
      ),
    );
    expect((await opened.settings.guild(GUILD)).bannedWords?.sort()).toEqual([...words].sort());
  });

  test.each([
    ["not an object", "[1, 2]"],
    ["JSON the schema refuses", JSON.stringify({ userMaxActive: "many" })],
  ])(
    "a stored row that is %s reads as nothing set, is logged once, and an update replaces it",
    async (_w, text) => {
      if (!opened.writeRaw) return;
      await opened.writeRaw("guild_settings", GUILD, text);
      expect(await opened.settings.guild(GUILD)).toStrictEqual({});
      expect(await opened.settings.guild(GUILD)).toStrictEqual({});
      const warnings = logs.lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => String(l["msg"]).startsWith("stored settings are unreadable"));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ table: "guild_settings", guild_id: GUILD });
      const change = await opened.settings.updateGuild(GUILD, (current) => ({
        ...current,
        userMaxActive: 4,
      }));
      expect(change).toStrictEqual({ before: {}, after: { userMaxActive: 4 } });
      expect(await opened.settings.guild(GUILD)).toStrictEqual({ userMaxActive: 4 });
    },
  );
});
