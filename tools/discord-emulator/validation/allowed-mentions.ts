/**
 * Validates `allowed_mentions` of a message (create, edit, interaction response, follow-up) as Discord
 * does: known `parse` types, at most 100 user and role ids, ids that are snowflakes, and `parse: ["users"]`
 * (or `"roles"`) never together with a `users` (or `roles`) list.
 * @see https://discord.com/developers/docs/resources/message#allowed-mentions-object
 */
import type { FormErrors } from "../rest/api-error.js";
import { isSnowflake } from "../world/snowflake.js";
import { isRecord } from "./json-values.js";

/** The mention types `parse` takes. */
export const ALLOWED_MENTION_TYPES = ["roles", "users", "everyone"] as const;
/** The most ids `users` and `roles` take each. */
export const MAX_ALLOWED_MENTION_IDS = 100;

const PATH = "allowed_mentions";

function checkIds(errors: FormErrors, key: "users" | "roles", value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.add([PATH, key], "BASE_TYPE_LIST", "Must be an array.");
    return [];
  }
  if (value.length > MAX_ALLOWED_MENTION_IDS) errors.maxLength([PATH, key], MAX_ALLOWED_MENTION_IDS);
  value.forEach((id: unknown, i) => {
    if (typeof id !== "string" || !isSnowflake(id))
      errors.add([PATH, key, i], "NUMBER_TYPE_COERCE", `Value "${String(id)}" is not snowflake.`);
  });
  return value as string[];
}

/** Records what is wrong with an `allowed_mentions` value (absent or null is fine). */
export function validateAllowedMentions(errors: FormErrors, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errors.add([PATH], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return;
  }
  const parse = value.parse ?? [];
  if (!Array.isArray(parse)) errors.add([PATH, "parse"], "BASE_TYPE_LIST", "Must be an array.");
  const types = Array.isArray(parse) ? parse : [];
  types.forEach((type: unknown, i) => {
    if (!ALLOWED_MENTION_TYPES.includes(type as (typeof ALLOWED_MENTION_TYPES)[number]))
      errors.add(
        [PATH, "parse", i],
        "BASE_TYPE_CHOICES",
        `Value must be one of {${ALLOWED_MENTION_TYPES.map((t) => `'${t}'`).join(", ")}}.`,
      );
  });
  for (const key of ["users", "roles"] as const) {
    const ids = checkIds(errors, key, value[key]);
    if (ids.length > 0 && types.includes(key))
      errors.add(
        [PATH],
        "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
        `parse:["${key}"] and ${key}: [ids...] are mutually exclusive.`,
      );
  }
  if (
    value.replied_user !== undefined &&
    value.replied_user !== null &&
    typeof value.replied_user !== "boolean"
  )
    errors.add([PATH, "replied_user"], "BASE_TYPE_BOOLEAN", "Must be either true or false.");
}
