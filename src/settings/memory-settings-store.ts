/** A {@link SettingsStore} in memory (tests, or a bot given an in-memory job store): lost when the process ends. */
import {
  guildSettingsSchema,
  memberSettingsSchema,
  type GuildSettings,
  type MemberSettings,
  type SettingsChange,
  type SettingsStore,
} from "./settings.js";

/** Settings in two maps; changes are validated with the schemas like the database stores do. */
export class MemorySettingsStore implements SettingsStore {
  private readonly guilds = new Map<string, GuildSettings>();
  private readonly members = new Map<string, MemberSettings>();

  async guild(guildId: string): Promise<GuildSettings> {
    return structuredClone(this.guilds.get(guildId) ?? {});
  }

  async updateGuild(
    guildId: string,
    change: (current: GuildSettings) => GuildSettings,
  ): Promise<SettingsChange<GuildSettings>> {
    // No await between reading and writing: concurrent updates apply one after the other.
    const before = structuredClone(this.guilds.get(guildId) ?? {});
    const after = guildSettingsSchema.parse(change(structuredClone(before)));
    this.guilds.set(guildId, structuredClone(after));
    return { before, after };
  }

  async resetGuild(guildId: string): Promise<GuildSettings> {
    return (await this.updateGuild(guildId, () => ({}))).before;
  }

  async member(userId: string): Promise<MemberSettings> {
    return structuredClone(this.members.get(userId) ?? {});
  }

  async updateMember(
    userId: string,
    change: (current: MemberSettings) => MemberSettings,
  ): Promise<SettingsChange<MemberSettings>> {
    const before = structuredClone(this.members.get(userId) ?? {});
    const after = memberSettingsSchema.parse(change(structuredClone(before)));
    this.members.set(userId, structuredClone(after));
    return { before, after };
  }

  async resetMember(userId: string): Promise<MemberSettings> {
    return (await this.updateMember(userId, () => ({}))).before;
  }
}
