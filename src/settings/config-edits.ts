/**
 * What `/imagine-config` can change in a server's settings, as data, and how each edit turns the current
 * settings into the new ones. Pure: the command applies an edit inside `SettingsStore.updateGuild`, so
 * concurrent edits never lose one another.
 */
import { foldForMatching, parseBannedWords } from "../moderation/banned-words.js";
import type { GuildSettings, MemberLimits } from "./settings.js";
import type { Speed } from "../prompt/speed.js";
import { applyStyleEdit, type StyleEdit } from "./style-edits.js";

/** The limits a server sets for every member, and the server-wide one. */
export type ServerLimits = MemberLimits & Pick<GuildSettings, "guildMaxActive">;

/** A limit `/imagine-config limits clear` can clear. */
export type ServerLimitName = keyof Required<ServerLimits>;

/** One change of a server's settings. */
export type ConfigEdit =
  | { readonly kind: "set-limits"; readonly limits: ServerLimits }
  | { readonly kind: "clear-limits"; readonly which: ServerLimitName | "all" }
  | { readonly kind: "set-role-limits"; readonly roleId: string; readonly limits: MemberLimits }
  | { readonly kind: "clear-role-limits"; readonly roleId: string }
  | { readonly kind: "add-banned-words"; readonly words: string }
  | { readonly kind: "remove-banned-words"; readonly words: string }
  | { readonly kind: "audit-channel"; readonly channelId: string | null }
  | { readonly kind: "allowed-channels"; readonly channelIds: readonly string[] }
  | { readonly kind: "age-restricted-only"; readonly enabled: boolean }
  | { readonly kind: "default-parameters"; readonly parameters: string | null }
  | { readonly kind: "enhance"; readonly enabled: boolean }
  /** The default speed (`null`: the account's own) and the speeds allowed (`undefined`: unchanged, `[]`: cleared). */
  | { readonly kind: "speeds"; readonly speed?: Speed | null; readonly allowed?: readonly Speed[] }
  /** A role's speeds; `null` removes the role's own list. */
  | { readonly kind: "role-speeds"; readonly roleId: string; readonly speeds: readonly Speed[] | null }
  | StyleEdit;

const LIMIT_NAMES: readonly ServerLimitName[] = [
  "userMaxActive",
  "userCooldownMs",
  "userDailyImages",
  "guildMaxActive",
];

/** `settings` with `key` set to `value`, or without `key` when `value` is undefined. */
function withValue<K extends keyof GuildSettings>(
  settings: GuildSettings,
  key: K,
  value: GuildSettings[K] | undefined,
): GuildSettings {
  const { [key]: _old, ...rest } = settings;
  return value === undefined ? rest : { ...rest, [key]: value };
}

/** The given limits only (options left empty are absent). */
function definedLimits<T extends object>(limits: T): Partial<T> {
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The key banned words are compared by: folded like the matcher does, words joined by one space. */
function wordKey(word: string): string {
  return foldForMatching(word)
    .split(/[\s_-]+/u)
    .filter(Boolean)
    .join(" ");
}

function addWords(current: readonly string[], text: string): string[] {
  const words = [...current];
  const keys = new Set(words.map(wordKey));
  for (const word of parseBannedWords(text)) {
    const key = wordKey(word);
    if (key === "" || keys.has(key)) continue;
    keys.add(key);
    words.push(word);
  }
  return words;
}

function removeWords(current: readonly string[], text: string): string[] {
  const removed = new Set(parseBannedWords(text).map(wordKey));
  return current.filter((word) => !removed.has(wordKey(word)));
}

/** A list kept only when it has entries (an empty list and none mean the same). */
const nonEmpty = <T>(list: readonly T[]): T[] | undefined => (list.length === 0 ? undefined : [...list]);

/** The settings after `edit`. */
export function applyConfigEdit(current: GuildSettings, edit: ConfigEdit): GuildSettings {
  switch (edit.kind) {
    case "set-limits":
      return { ...current, ...definedLimits(edit.limits) };
    case "clear-limits":
      return LIMIT_NAMES.filter((name) => edit.which === "all" || edit.which === name).reduce(
        (settings, name) => withValue(settings, name, undefined),
        current,
      );
    case "set-role-limits": {
      const roles = current.roleLimits ?? {};
      const limits = { ...roles[edit.roleId], ...definedLimits(edit.limits) };
      return { ...current, roleLimits: { ...roles, [edit.roleId]: limits } };
    }
    case "clear-role-limits": {
      const { [edit.roleId]: _removed, ...roles } = current.roleLimits ?? {};
      return withValue(current, "roleLimits", Object.keys(roles).length === 0 ? undefined : roles);
    }
    case "add-banned-words":
      return withValue(current, "bannedWords", nonEmpty(addWords(current.bannedWords ?? [], edit.words)));
    case "remove-banned-words":
      return withValue(current, "bannedWords", nonEmpty(removeWords(current.bannedWords ?? [], edit.words)));
    case "audit-channel":
      return withValue(current, "auditChannelId", edit.channelId ?? undefined);
    case "allowed-channels":
      return withValue(current, "allowedChannelIds", nonEmpty([...new Set(edit.channelIds)]));
    case "age-restricted-only":
      return withValue(current, "ageRestrictedOnly", edit.enabled);
    case "default-parameters":
      return withValue(current, "defaultParameters", edit.parameters ?? undefined);
    case "enhance":
      return withValue(current, "enhance", edit.enabled);
    case "speeds": {
      const withSpeed =
        edit.speed === undefined ? current : withValue(current, "speed", edit.speed ?? undefined);
      return edit.allowed === undefined ? withSpeed : withValue(withSpeed, "speeds", nonEmpty(edit.allowed));
    }
    case "role-speeds": {
      const { [edit.roleId]: _removed, ...roles } = current.roleSpeeds ?? {};
      const next = edit.speeds === null ? roles : { ...roles, [edit.roleId]: [...edit.speeds] };
      return withValue(current, "roleSpeeds", Object.keys(next).length === 0 ? undefined : next);
    }
    case "set-style":
    case "remove-style":
      return withValue(current, "styles", nonEmpty(applyStyleEdit(current.styles ?? [], edit)));
  }
}
