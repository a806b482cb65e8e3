/**
 * What `/settings` can change in a member's preferences, as data, and how each edit turns the current
 * preferences into the new ones. Pure: applied inside `SettingsStore.updateMember`. Values are checked
 * before (see `prompt/check-defaults.ts`).
 */
import type { MemberSettings } from "./settings.js";

/** One preference set to a value, or cleared with `null` (back to the default). */
export type MemberEdit = {
  [K in keyof Required<MemberSettings>]: {
    readonly key: K;
    readonly value: Required<MemberSettings>[K] | null;
  };
}[keyof MemberSettings];

/** The preferences after `edit`. */
export function applyMemberEdit(current: MemberSettings, edit: MemberEdit): MemberSettings {
  const { [edit.key]: _old, ...rest } = current;
  return edit.value === null ? rest : { ...rest, [edit.key]: edit.value };
}
