/**
 * Discord's message limits, and {@link fitMessageLimits}, which makes any payload satisfy them. Lengths are
 * counted in UTF-16 code units (`string.length`), never fewer than the characters Discord counts.
 * @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 * @see https://discord.com/developers/docs/components/reference#button
 */
import type { APIActionRowComponent, APIButtonComponent, APIEmbed } from "discord-api-types/v10";
import type { MessagePayload } from "./payload.js";

/** Limits of one message (see the links above). */
export const DISCORD_LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  authorName: 256,
  /** Title, description, field names and values, footer and author name of all embeds together. */
  embedsTotal: 6000,
  /** Embed URLs (image, thumbnail, link, icons). */
  url: 2048,
  rows: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  color: 0xffffff,
} as const;

const ELLIPSIS = "…";
/** Stands in for a required text (a field name or value, an otherwise empty message) that would be empty. */
const BLANK = "\u200b";
/** A mention, emoji or timestamp token cut before its closing `>` would show as raw text. */
const CUT_TOKEN = /<(?:@[!&]?|#|t:|a?:)[^<>\s]*$/;

/** A link (bare or markdown `[label](url)`) or a code span that the cut would leave open, at the end. */
const OPEN_LINK = /(?:\[[^\]\n]*(?:\]\([^)\s]*)?|<?https?:\/\/\S*)$/;

/**
 * Shortens `text` to at most `max` code units, ending with `…` when something was cut. Cuts between words
 * (a text of one long word excepted), never inside a code span, a link, a surrogate pair or a
 * `<@id>`/`<t:…>` token, and never leaves a lone escaping backslash before the `…`.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return "";
  let cut = text.slice(0, max - ELLIPSIS.length);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  // Back to the last space when the cut falls inside a word: a word is never cut, only a text of one word.
  const inWord = /\S$/.test(cut) && /^\S/.test(text.slice(cut.length));
  const lastSpace = cut.search(/\s\S*$/);
  if (inWord && lastSpace > 0) cut = cut.slice(0, lastSpace);
  cut = cut.replace(CUT_TOKEN, "");
  // An odd number of backticks: the last code span was opened and not closed.
  if ((cut.match(/`/g)?.length ?? 0) % 2 === 1) cut = cut.slice(0, cut.lastIndexOf("`"));
  // A link cut short would lead elsewhere: drop it, unless it is all there is (shown as code, not a link).
  const link = cut.search(OPEN_LINK);
  if (link > 0) cut = cut.slice(0, link);
  if (/(?:^|[^\\])(?:\\\\)*\\$/.test(cut)) cut = cut.slice(0, -1);
  return cut.replace(/[\s,;:]+$/, "") + ELLIPSIS;
}

/** Told each text {@link fitMessageLimits} had to shorten: a renderer that did not fit its own texts. */
type CutWatcher = (where: string, text: string) => void;
const cutWatchers = new Set<CutWatcher>();

/**
 * Calls `watcher` for each text that {@link fitMessageLimits} shortens until the returned function is
 * called. Renderers fit what they quote themselves (with a pointer to the rest); the every-view test
 * watches this so that a bot text grown past a limit fails there, instead of reaching a member cut short.
 */
export function watchLimitCuts(watcher: CutWatcher): () => void {
  cutWatchers.add(watcher);
  return () => cutWatchers.delete(watcher);
}

/** {@link truncate}, telling the watchers when it cut. */
function fitText(text: string, max: number, where: string): string {
  const fitted = truncate(text, max);
  if (fitted !== text) for (const watcher of cutWatchers) watcher(where, text);
  return fitted;
}

/** Characters of an embed that count towards the 6000 total, as Discord counts them. */
export function embedTextLength(embed: APIEmbed): number {
  let total = (embed.title ?? "").length + (embed.description ?? "").length;
  total += (embed.footer?.text ?? "").length + (embed.author?.name ?? "").length;
  for (const field of embed.fields ?? []) total += field.name.length + field.value.length;
  return total;
}

/** Embed image URLs must be http(s) or `attachment://NAME` of a file uploaded with the message. */
function isEmbedMediaUrl(url: string | undefined): url is string {
  return (
    url !== undefined &&
    url.length <= DISCORD_LIMITS.url &&
    /^(?:https?:\/\/\S+|attachment:\/\/\S+)$/i.test(url)
  );
}

function isHttpUrl(url: string | undefined): url is string {
  return url !== undefined && url.length <= DISCORD_LIMITS.url && /^https?:\/\/\S+$/i.test(url);
}

function required(text: string, max: number, where: string): string {
  const fitted = fitText(text, max, where);
  return fitted.trim() === "" ? BLANK : fitted;
}

/** Copies the parts of an embed a bot may send, each within its limit; `null` when nothing is left. */
function fitEmbed(embed: APIEmbed): APIEmbed | null {
  const out: APIEmbed = {};
  if (embed.title?.trim()) out.title = fitText(embed.title, DISCORD_LIMITS.title, "embed title");
  if (embed.description?.trim())
    out.description = fitText(embed.description, DISCORD_LIMITS.description, "embed description");
  if (isHttpUrl(embed.url)) out.url = embed.url;
  if (embed.timestamp !== undefined && !Number.isNaN(Date.parse(embed.timestamp)))
    out.timestamp = embed.timestamp;
  if (Number.isInteger(embed.color) && embed.color !== undefined && embed.color >= 0) {
    out.color = Math.min(embed.color, DISCORD_LIMITS.color);
  }
  if (embed.footer?.text.trim()) {
    out.footer = { text: fitText(embed.footer.text, DISCORD_LIMITS.footer, "embed footer") };
    if (isEmbedMediaUrl(embed.footer.icon_url)) out.footer.icon_url = embed.footer.icon_url;
  }
  if (isEmbedMediaUrl(embed.image?.url)) out.image = { url: embed.image.url };
  if (isEmbedMediaUrl(embed.thumbnail?.url)) out.thumbnail = { url: embed.thumbnail.url };
  if (embed.author?.name.trim()) {
    out.author = { name: fitText(embed.author.name, DISCORD_LIMITS.authorName, "embed author") };
    if (isHttpUrl(embed.author.url)) out.author.url = embed.author.url;
    if (isEmbedMediaUrl(embed.author.icon_url)) out.author.icon_url = embed.author.icon_url;
  }
  if (embed.fields && embed.fields.length > 0) {
    out.fields = embed.fields.slice(0, DISCORD_LIMITS.fields).map((field) => ({
      name: required(field.name, DISCORD_LIMITS.fieldName, "field name"),
      value: required(field.value, DISCORD_LIMITS.fieldValue, "field value"),
      ...(field.inline === undefined ? {} : { inline: field.inline }),
    }));
  }
  return hasVisibleContent(out) ? out : null;
}

function hasVisibleContent(embed: APIEmbed): boolean {
  return Boolean(
    embed.title ||
    embed.description ||
    embed.fields?.length ||
    embed.image ||
    embed.thumbnail ||
    embed.author ||
    embed.footer,
  );
}

interface TextSlot {
  get(): string;
  /** `""` removes an optional part. */
  set(text: string): void;
  /** Shortest length allowed: 1 for field names and values, which must not be empty. */
  readonly min: number;
}

/** The texts that are shortened, in order, when the embeds together exceed the total limit. */
function shrinkOrder(embeds: APIEmbed[]): TextSlot[] {
  const reversed = [...embeds].reverse();
  const fields = reversed.flatMap((e) => [...(e.fields ?? [])].reverse());
  return [
    ...reversed.map((e) => ({
      get: () => e.description ?? "",
      set: (text: string) => (text === "" ? delete e.description : (e.description = text)),
      min: 0,
    })),
    ...fields.map((f) => ({ get: () => f.value, set: (text: string) => (f.value = text), min: 1 })),
    ...reversed.map((e) => ({
      get: () => e.footer?.text ?? "",
      set: (text: string) => (text === "" ? delete e.footer : e.footer && (e.footer.text = text)),
      min: 0,
    })),
    ...fields.map((f) => ({ get: () => f.name, set: (text: string) => (f.name = text), min: 1 })),
    ...reversed.map((e) => ({
      get: () => e.title ?? "",
      set: (text: string) => (text === "" ? delete e.title : (e.title = text)),
      min: 0,
    })),
    ...reversed.map((e) => ({
      get: () => e.author?.name ?? "",
      set: (text: string) => (text === "" ? delete e.author : e.author && (e.author.name = text)),
      min: 0,
    })),
  ];
}

/** Shortens texts of `embeds` (in place) until all of them together fit {@link DISCORD_LIMITS.embedsTotal}. */
function fitEmbedsTotal(embeds: APIEmbed[]): void {
  let excess = embeds.reduce((sum, e) => sum + embedTextLength(e), 0) - DISCORD_LIMITS.embedsTotal;
  for (const slot of shrinkOrder(embeds)) {
    if (excess <= 0) return;
    const text = slot.get();
    const target = Math.max(slot.min, text.length - excess);
    if (target >= text.length) continue;
    const shortened = fitText(text, target, "embeds over 6000 in all");
    excess -= text.length - shortened.length;
    slot.set(shortened);
  }
}

/** A button within its limits, or `null` for one Discord would refuse (a duplicate or too long custom id). */
function fitButton(button: APIButtonComponent, usedIds: Set<string>): APIButtonComponent | null {
  if ("sku_id" in button) return button;
  if ("custom_id" in button) {
    const id = button.custom_id;
    if (id.length < 1 || id.length > DISCORD_LIMITS.customId || usedIds.has(id)) return null;
    usedIds.add(id);
  } else if (!/^(?:https?|discord):\/\/\S+$/i.test(button.url)) {
    return null;
  }
  const label = fitText(button.label?.trim() ?? "", DISCORD_LIMITS.buttonLabel, "button label");
  if (label === "" && !button.emoji) return null;
  const fitted = { ...button };
  if (label === "") delete fitted.label;
  else fitted.label = label;
  return fitted;
}

function fitComponents(
  rows: readonly APIActionRowComponent<APIButtonComponent>[],
): APIActionRowComponent<APIButtonComponent>[] {
  const usedIds = new Set<string>();
  return rows
    .map((row) => ({
      ...row,
      components: row.components
        .map((button) => fitButton(button, usedIds))
        .filter((button) => button !== null)
        .slice(0, DISCORD_LIMITS.buttonsPerRow),
    }))
    .filter((row) => row.components.length > 0)
    .slice(0, DISCORD_LIMITS.rows);
}

/**
 * Returns a copy of `payload` that Discord accepts: every text within its limit (cut with `…`), the embeds
 * within the 6000 total, invalid image URLs and empty embeds removed, at most 5 rows of 5 buttons with
 * unique custom ids of at most 100 characters, and never an entirely empty message.
 */
export function fitMessageLimits(payload: MessagePayload): MessagePayload {
  const embeds = payload.embeds
    .map(fitEmbed)
    .filter((embed) => embed !== null)
    .slice(0, DISCORD_LIMITS.embeds);
  fitEmbedsTotal(embeds);
  const visibleEmbeds = embeds.filter(hasVisibleContent);
  const components = fitComponents(payload.components);
  let content =
    payload.content.trim() === "" ? "" : fitText(payload.content, DISCORD_LIMITS.content, "content");
  if (content === "" && visibleEmbeds.length === 0 && components.length === 0) content = BLANK;
  return { ...payload, content, embeds: visibleEmbeds, components };
}

/**
 * `text` in pieces of at most `max` code units each, split after a line break or a space where there is
 * one in the second half of a piece (a single word longer than that is split where it must), never inside
 * a surrogate pair. Joined back, the pieces are `text`.
 */
export function splitText(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let end = max;
    const window = rest.slice(0, max);
    const newline = window.lastIndexOf("\n");
    const space = window.search(/\s\S*$/);
    if (newline > max / 2) end = newline + 1;
    else if (space > max / 2) end = space + 1;
    else if (/[\uD800-\uDBFF]/.test(rest.charAt(end - 1))) end -= 1;
    pieces.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  if (rest !== "" || pieces.length === 0) pieces.push(rest);
  return pieces;
}
