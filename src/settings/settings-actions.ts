/**
 * The core of `/settings` and `/imagine-config`: a change applied atomically in the settings store, told as
 * "old → new" per setting; a server's change is also posted to the audit channel (who, command, old → new).
 * Free of discord.js: the commands parse options into edits and render what this returns.
 */
import { english, type Translator } from "../i18n/translate.js";
import type { SettingsAuditEntry } from "../render/settings.js";
import type { PromptDefaults } from "../prompt/assemble-prompt.js";
import {
  settingChanges,
  shownGuildSettings,
  shownMemberSettings,
  type SettingChange,
} from "../render/setting-values.js";
import { applyConfigEdit, type ConfigEdit } from "./config-edits.js";
import { applyMemberEdit, type MemberEdit } from "./member-edits.js";
import type { GuildSettings, MemberSettings, SettingsStore } from "./settings.js";

/** Who changes a server's settings, where, with which command (for the audit channel). */
export interface ConfigActor {
  readonly guildId: string;
  readonly userId: string;
  /** The command as run, e.g. `/imagine-config limits set`. */
  readonly command: string;
}

interface SettingsApp {
  readonly settings: SettingsStore;
  /** The audit channel (`AuditLog.settingsChanged`). */
  readonly audit: { settingsChanged(entry: SettingsAuditEntry): Promise<void> };
}

/**
 * Applies `edit` to the server's settings, audits it (in English), and returns what changed in `t`'s
 * language.
 */
export async function changeServerSettings(
  app: SettingsApp,
  actor: ConfigActor,
  edit: ConfigEdit,
  t: Translator = english,
): Promise<SettingChange[]> {
  const { before, after } = await app.settings.updateGuild(actor.guildId, (current) =>
    applyConfigEdit(current, edit),
  );
  return audited(app, actor, before, after, t);
}

/**
 * Removes every setting of the server (back to the owner's defaults), audits it (in English), and returns
 * what changed in `t`'s language.
 */
export async function resetServerSettings(
  app: SettingsApp,
  actor: ConfigActor,
  t: Translator = english,
): Promise<SettingChange[]> {
  const removed = await app.settings.resetGuild(actor.guildId);
  return audited(app, actor, removed, {}, t);
}

function audited(
  app: SettingsApp,
  actor: ConfigActor,
  before: GuildSettings,
  after: GuildSettings,
  t: Translator,
): SettingChange[] {
  const changesIn = (language: Translator) =>
    settingChanges(shownGuildSettings(before, language), shownGuildSettings(after, language));
  void app.audit.settingsChanged({
    guildId: actor.guildId,
    changedBy: actor.userId,
    command: actor.command,
    changes: changesIn(english),
  });
  return changesIn(t);
}

/** Applies `edit` to the member's preferences and returns what changed, in `t`'s language. */
export async function changeMemberSettings(
  settings: SettingsStore,
  userId: string,
  edit: MemberEdit,
  t: Translator = english,
): Promise<SettingChange[]> {
  const { before, after } = await settings.updateMember(userId, (current) => applyMemberEdit(current, edit));
  return settingChanges(shownMemberSettings(before, t), shownMemberSettings(after, t));
}

/** Removes every preference of the member and returns what changed, in `t`'s language. */
export async function resetMemberSettings(
  settings: SettingsStore,
  userId: string,
  t: Translator = english,
): Promise<SettingChange[]> {
  const removed = await settings.resetMember(userId);
  return settingChanges(shownMemberSettings(removed, t), shownMemberSettings({}, t));
}

/**
 * What a member's preferences add to their prompts: suffix and default aspect ratio (see `assemblePrompt`).
 * Their speed is not one: it is chosen after admission, where allowed (`Admission.defaultSpeed`).
 */
export function promptDefaultsOf(member: MemberSettings): PromptDefaults {
  return { suffix: member.suffix, aspectRatio: member.aspectRatio };
}
