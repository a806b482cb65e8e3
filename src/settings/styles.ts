/**
 * Styles: named texts a server's moderators keep (`/imagine-config styles`), which a member picks with
 * `/imagine`'s `style` option to have the text added to the prompt. Pure: the schema they are stored with
 * (inside the server's settings), the lookups, and the suggestions Discord's autocomplete shows.
 * @see https://discord.com/developers/docs/interactions/application-commands#autocomplete
 */
import { z } from "zod";

/** Longest style name: what a Discord autocomplete choice's value may hold is 100; a name stays short to read. */
export const STYLE_NAME_MAX_LENGTH = 32;
/** Longest style text (it joins the prompt, which the prompt checks still bound as a whole). */
export const STYLE_TEXT_MAX_LENGTH = 500;
/**
 * Most styles a server keeps: Discord's autocomplete shows at most 25 choices, so every style can be
 * offered at once.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-autocomplete
 */
export const MAX_STYLES = 25;

/** One style as stored: its name (as typed, compared without case) and the text added to the prompt. */
export const styleSchema = z.object({
  name: z.string().min(1).max(STYLE_NAME_MAX_LENGTH),
  text: z.string().min(1).max(STYLE_TEXT_MAX_LENGTH),
});
export type Style = z.infer<typeof styleSchema>;

/** A server's styles, names unique without case. */
export const stylesSchema = z
  .array(styleSchema)
  .max(MAX_STYLES)
  .refine((styles) => new Set(styles.map((s) => styleKey(s.name))).size === styles.length, {
    message: "style names must be unique",
  });

/** The key names are compared by: trimmed, spaces collapsed, without case. */
export function styleKey(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/gu, " ").toLocaleLowerCase("en-US");
}

/** A name as it is kept: trimmed, inner spaces collapsed to one. */
export function tidyStyleName(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/gu, " ");
}

/** The style named `name` (without case), or undefined. */
export function findStyle(styles: readonly Style[] | undefined, name: string): Style | undefined {
  const key = styleKey(name);
  return styles?.find((s) => styleKey(s.name) === key);
}

/**
 * `styles` with `style` added, or replacing the one of the same name (its text changes, the new spelling
 * of its name is kept); `null` when the server already keeps {@link MAX_STYLES} others.
 */
export function withStyle(styles: readonly Style[], style: Style): Style[] | null {
  const key = styleKey(style.name);
  const index = styles.findIndex((s) => styleKey(s.name) === key);
  if (index >= 0) return styles.map((s, i) => (i === index ? style : s));
  if (styles.length >= MAX_STYLES) return null;
  return [...styles, style];
}

/** `styles` without the one named `name`. */
export function withoutStyle(styles: readonly Style[], name: string): Style[] {
  const key = styleKey(name);
  return styles.filter((s) => styleKey(s.name) !== key);
}

/** One autocomplete suggestion: the name shown and the value the option gets. */
export interface StyleChoice {
  readonly name: string;
  readonly value: string;
}

/**
 * The suggestions for what the member has typed so far: styles whose name starts with it first, then those
 * containing it, each group in the order the moderators added them; all of them for nothing typed. Each
 * shows its name and the start of its text; at most {@link MAX_STYLES}.
 */
export function styleChoices(styles: readonly Style[] | undefined, typed: string): StyleChoice[] {
  const key = styleKey(typed);
  const all = styles ?? [];
  const starting = all.filter((s) => styleKey(s.name).startsWith(key));
  const containing = all.filter((s) => !styleKey(s.name).startsWith(key) && styleKey(s.name).includes(key));
  return [...starting, ...containing].slice(0, MAX_STYLES).map((s) => ({
    name: choiceLabel(s),
    value: s.name,
  }));
}

/** `name — text`, cut to the 100 characters a choice's name may hold. */
function choiceLabel(style: Style): string {
  const label = `${style.name} — ${style.text.replace(/\s+/gu, " ")}`;
  return label.length <= 100 ? label : `${label.slice(0, 99)}…`;
}
