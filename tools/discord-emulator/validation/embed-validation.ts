/**
 * Validates message embeds the way Discord does and resolves `attachment://NAME` image references.
 * @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 */
import { EmbedType, type APIEmbed } from "discord-api-types/v10";
import type { FormErrors } from "../rest/api-error.js";
import { isRecord } from "./json-values.js";

/** Discord's embed limits. */
export const EMBED_LIMITS = {
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  total: 6000,
  /** Every URL of an embed (its own, image, thumbnail, footer and author icons, author). */
  url: 2048,
} as const;

type Path = (string | number)[];

/** Discord counts characters as Unicode code points. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Context for URL checks. */
export interface EmbedCheckContext {
  errors: FormErrors;
  /** Filenames of the attachments the message will have (uploaded now or kept). */
  attachmentNames: ReadonlySet<string>;
  /** Collects advice about things Discord accepts but users will not see (e.g. a private image URL). */
  warn: (message: string) => void;
}

const PRIVATE_HOST =
  /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|0\.0\.0\.0|\[::1\]|[^.]+$)/i;

function checkString(
  ctx: EmbedCheckContext,
  path: Path,
  value: unknown,
  max: number,
  required: boolean,
): string {
  if (value === undefined || value === null) {
    if (required) ctx.errors.required(path);
    return "";
  }
  if (typeof value !== "string") {
    ctx.errors.add(path, "BASE_TYPE_STRING", "Could not interpret value as string.");
    return "";
  }
  if (required && value.trim() === "") ctx.errors.required(path);
  else if (charCount(value) > max) ctx.errors.maxLength(path, max);
  return value;
}

function checkUrl(
  ctx: EmbedCheckContext,
  path: Path,
  value: unknown,
  allowAttachment: boolean,
  required: boolean,
): void {
  if (value === undefined || value === null) {
    if (required) ctx.errors.required(path);
    return;
  }
  if (typeof value !== "string") {
    ctx.errors.add(path, "BASE_TYPE_STRING", "Could not interpret value as string.");
    return;
  }
  if (charCount(value) > EMBED_LIMITS.url) {
    ctx.errors.maxLength(path, EMBED_LIMITS.url);
    return;
  }
  if (value.startsWith("attachment://")) {
    if (!allowAttachment) {
      ctx.errors.add(
        path,
        "URL_TYPE_INVALID_SCHEME",
        `Scheme "attachment" is not supported. Scheme must be one of ('http', 'https').`,
      );
    } else if (!ctx.attachmentNames.has(value.slice("attachment://".length))) {
      ctx.errors.add(
        path,
        "URL_TYPE_INVALID_URL",
        `Not a well formed URL: ${value} names no file uploaded in this request or kept on the message.`,
      );
    }
    return;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.errors.add(path, "URL_TYPE_INVALID_URL", "Not a well formed URL.");
    return;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    const scheme = url.protocol.replace(/:$/, "");
    ctx.errors.add(
      path,
      "URL_TYPE_INVALID_SCHEME",
      `Scheme "${scheme}" is not supported. Scheme must be one of ('http', 'https').`,
    );
    return;
  }
  if (allowAttachment && PRIVATE_HOST.test(url.hostname)) {
    ctx.warn(
      `${path.join(".")}: ${value} is not publicly reachable, so Discord cannot fetch it and shows no image`,
    );
  }
}

/** Validates one embed; returns the number of characters it counts towards the 6000 total. */
function checkEmbed(ctx: EmbedCheckContext, path: Path, embed: unknown): number {
  if (!isRecord(embed)) {
    ctx.errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return 0;
  }
  let size = 0;
  size += charCount(checkString(ctx, [...path, "title"], embed.title, EMBED_LIMITS.title, false));
  size += charCount(
    checkString(ctx, [...path, "description"], embed.description, EMBED_LIMITS.description, false),
  );
  checkUrl(ctx, [...path, "url"], embed.url, false, false);
  if (
    embed.timestamp !== undefined &&
    embed.timestamp !== null &&
    (typeof embed.timestamp !== "string" || Number.isNaN(Date.parse(embed.timestamp)))
  ) {
    ctx.errors.add(
      [...path, "timestamp"],
      "DATE_TYPE_PARSE",
      "Could not parse timestamp. Should be ISO8601.",
    );
  }
  if (embed.color !== undefined && embed.color !== null) {
    if (
      typeof embed.color !== "number" ||
      !Number.isInteger(embed.color) ||
      embed.color < 0 ||
      embed.color > 0xffffff
    ) {
      ctx.errors.add(
        [...path, "color"],
        "NUMBER_TYPE_MAX",
        "int value should be less than or equal to 16777215.",
      );
    }
  }
  for (const key of ["image", "thumbnail"] as const) {
    const media = embed[key];
    if (media === undefined || media === null) continue;
    if (!isRecord(media))
      ctx.errors.add([...path, key], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    else checkUrl(ctx, [...path, key, "url"], media.url, true, true);
  }
  if (embed.footer !== undefined && embed.footer !== null) {
    if (!isRecord(embed.footer))
      ctx.errors.add([...path, "footer"], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    else {
      size += charCount(
        checkString(ctx, [...path, "footer", "text"], embed.footer.text, EMBED_LIMITS.footerText, true),
      );
      checkUrl(ctx, [...path, "footer", "icon_url"], embed.footer.icon_url, true, false);
    }
  }
  if (embed.author !== undefined && embed.author !== null) {
    if (!isRecord(embed.author))
      ctx.errors.add([...path, "author"], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    else {
      size += charCount(
        checkString(ctx, [...path, "author", "name"], embed.author.name, EMBED_LIMITS.authorName, true),
      );
      checkUrl(ctx, [...path, "author", "url"], embed.author.url, false, false);
      checkUrl(ctx, [...path, "author", "icon_url"], embed.author.icon_url, true, false);
    }
  }
  if (embed.fields !== undefined && embed.fields !== null) {
    if (!Array.isArray(embed.fields))
      ctx.errors.add([...path, "fields"], "BASE_TYPE_LIST", "Must be an array.");
    else if (embed.fields.length > EMBED_LIMITS.fields)
      ctx.errors.maxLength([...path, "fields"], EMBED_LIMITS.fields);
    else {
      embed.fields.forEach((field: unknown, i) => {
        const fieldPath = [...path, "fields", i];
        if (!isRecord(field)) {
          ctx.errors.add(fieldPath, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
          return;
        }
        size += charCount(checkString(ctx, [...fieldPath, "name"], field.name, EMBED_LIMITS.fieldName, true));
        size += charCount(
          checkString(ctx, [...fieldPath, "value"], field.value, EMBED_LIMITS.fieldValue, true),
        );
        if (field.inline !== undefined && typeof field.inline !== "boolean") {
          ctx.errors.add([...fieldPath, "inline"], "BASE_TYPE_BOOLEAN", "Must be either true or false.");
        }
      });
    }
  }
  return size;
}

/** Validates an `embeds` value (already known to be present); returns the embeds as given. */
export function validateEmbeds(ctx: EmbedCheckContext, embeds: unknown): APIEmbed[] {
  if (!Array.isArray(embeds)) {
    ctx.errors.add(["embeds"], "BASE_TYPE_LIST", "Must be an array.");
    return [];
  }
  if (embeds.length > EMBED_LIMITS.embeds) {
    ctx.errors.maxLength(["embeds"], EMBED_LIMITS.embeds);
    return [];
  }
  let total = 0;
  embeds.forEach((embed: unknown, i) => {
    total += checkEmbed(ctx, ["embeds", i], embed);
  });
  if (total > EMBED_LIMITS.total) {
    ctx.errors.add(
      ["embeds"],
      "MAX_EMBED_SIZE_EXCEEDED",
      `Embed size exceeds maximum size of ${EMBED_LIMITS.total}`,
    );
  }
  return embeds as APIEmbed[];
}

/**
 * Discord's stored form of an embed: `type: "rich"` and `attachment://NAME` replaced by the attachment's URL
 * (with `proxy_url`), as the API returns it.
 */
export function resolveEmbed(embed: APIEmbed, urlOf: (filename: string) => string | undefined): APIEmbed {
  const resolve = (url: string | undefined): string | undefined =>
    url?.startsWith("attachment://") ? (urlOf(url.slice("attachment://".length)) ?? url) : url;
  const out = structuredClone(embed);
  out.type ??= EmbedType.Rich;
  for (const key of ["image", "thumbnail"] as const) {
    const media = out[key];
    const url = resolve(media?.url);
    if (media && url) out[key] = { ...media, url, proxy_url: url };
  }
  // Discord answers every field with its `inline` (false unless set).
  if (out.fields) out.fields = out.fields.map((f) => ({ ...f, inline: f.inline ?? false }));
  if (out.footer?.icon_url)
    out.footer = { ...out.footer, icon_url: resolve(out.footer.icon_url) ?? out.footer.icon_url };
  if (out.author?.icon_url)
    out.author = { ...out.author, icon_url: resolve(out.author.icon_url) ?? out.author.icon_url };
  return out;
}
