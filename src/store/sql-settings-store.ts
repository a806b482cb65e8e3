/**
 * The {@link SettingsStore} on the job database's own connection (SQLite or Postgres): one row of JSON per
 * server (`guild_settings`) and per member (`member_settings`), parsed with the settings schemas when read.
 * A row that does not parse (edited by hand, written by another version) is logged once and read as nothing
 * set, so a bad row never stops a command; the next update replaces it.
 */
import type { z } from "zod";
import { silentLogger, type Logger } from "../logger.js";
import {
  guildSettingsSchema,
  memberSettingsSchema,
  type GuildSettings,
  type MemberSettings,
  type SettingsChange,
  type SettingsStore,
} from "../settings/settings.js";

/** A settings table and the column its rows are keyed by. */
export type SettingsTable =
  | { readonly name: "guild_settings"; readonly key: "guild_id" }
  | { readonly name: "member_settings"; readonly key: "user_id" };

const GUILDS: SettingsTable = { name: "guild_settings", key: "guild_id" };
const MEMBERS: SettingsTable = { name: "member_settings", key: "user_id" };

/** How {@link SqlSettingsStore} reads and writes one row; each database implements it on its connection. */
export interface SettingsRows {
  /** The row's JSON text, `undefined` when there is none. */
  read(table: SettingsTable, id: string): Promise<string | undefined>;
  /**
   * In one transaction that keeps every other writer of the row waiting: reads the row's JSON text and
   * writes what `next` returns. `next` may run more than once (a transient failure is tried again).
   */
  update(table: SettingsTable, id: string, next: (current: string | undefined) => string): Promise<void>;
}

/** Options of {@link SqlSettingsStore}. */
export interface SqlSettingsStoreOptions {
  logger?: Logger;
}

/** Server and member settings kept in the job database (see the file's comment). */
export class SqlSettingsStore implements SettingsStore {
  private readonly log: Logger;
  /** Rows already reported as unreadable, so each is logged once. */
  private readonly reported = new Set<string>();

  constructor(
    private readonly rows: SettingsRows,
    options: SqlSettingsStoreOptions = {},
  ) {
    this.log = options.logger ?? silentLogger;
  }

  async guild(guildId: string): Promise<GuildSettings> {
    return this.parse(GUILDS, guildId, guildSettingsSchema, await this.rows.read(GUILDS, guildId));
  }

  async updateGuild(
    guildId: string,
    change: (current: GuildSettings) => GuildSettings,
  ): Promise<SettingsChange<GuildSettings>> {
    return this.update(GUILDS, guildId, guildSettingsSchema, change);
  }

  async resetGuild(guildId: string): Promise<GuildSettings> {
    return (await this.updateGuild(guildId, () => ({}))).before;
  }

  async member(userId: string): Promise<MemberSettings> {
    return this.parse(MEMBERS, userId, memberSettingsSchema, await this.rows.read(MEMBERS, userId));
  }

  async updateMember(
    userId: string,
    change: (current: MemberSettings) => MemberSettings,
  ): Promise<SettingsChange<MemberSettings>> {
    return this.update(MEMBERS, userId, memberSettingsSchema, change);
  }

  async resetMember(userId: string): Promise<MemberSettings> {
    return (await this.updateMember(userId, () => ({}))).before;
  }

  /**
   * Applies `change` to the stored settings atomically.
   * @throws {z.ZodError} when `change` returns settings the schema refuses (nothing is written).
   */
  private async update<T extends object>(
    table: SettingsTable,
    id: string,
    schema: z.ZodType<T>,
    change: (current: T) => T,
  ): Promise<SettingsChange<T>> {
    let result: SettingsChange<T> | undefined;
    await this.rows.update(table, id, (text) => {
      const before = this.parse(table, id, schema, text);
      const after = schema.parse(change(structuredClone(before)));
      result = { before, after };
      return JSON.stringify(after);
    });
    if (!result) throw new Error(`the settings update of ${table.key} ${id} never ran`);
    return result;
  }

  private parse<T extends object>(
    table: SettingsTable,
    id: string,
    schema: z.ZodType<T>,
    text: string | undefined,
  ): T {
    if (text === undefined) return {} as T;
    let problem: unknown;
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
      problem = parsed.error.issues.map((i) => `${i.path.join(".") || "(row)"}: ${i.message}`).join("; ");
    } catch (err) {
      problem = (err as Error).message;
    }
    const key = `${table.name} ${id}`;
    if (!this.reported.has(key)) {
      this.reported.add(key);
      this.log.warn(
        { table: table.name, [table.key]: id, problem },
        "stored settings are unreadable; using none until they are set again",
      );
    }
    return {} as T;
  }
}
