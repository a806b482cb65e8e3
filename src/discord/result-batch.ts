/**
 * Several results in one channel message, for a channel whose message-create limit holds results back: which
 * waiting results go together (the pure policy), one message made of them, and the batch's nonce. Each
 * result keeps its own embed(s) and its own row(s) of buttons (custom ids carry the job, so a button works
 * the same on a batched message); the content mentions each requester once and `allowed_mentions.users`
 * lists exactly them. Classic embeds rather than Components V2: a V2 message counts every button, row, text
 * and gallery against its 40 components, so a grid result (row + 5 buttons + text + gallery) fits 4 or 5 to
 * a message, no more than the 5 action rows of a classic one, and V2 has no embeds to keep what a single
 * result looks like.
 * @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 * @see https://discord.com/developers/docs/components/reference#component-reference
 * @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params
 */
import { createHash } from "node:crypto";
import type { APIEmbed } from "discord-api-types/v10";
import type { OutgoingFile, OutgoingMessage } from "../imagine/outgoing-message.js";
import { MAX_NONCE_LENGTH } from "../imagine/posted-message.js";
import { customIdPrefix } from "../custom-ids/id-codec.js";
import { RESULT_TOOL_PREFIXES } from "../custom-ids/result-tool-ids.js";
import { DISCORD_LIMITS, embedTextLength } from "../render/limits.js";

type OutgoingRow = OutgoingMessage["payload"]["components"][number];

/** One result waiting for its channel: the message as it would be posted alone, and who asked. */
export interface BatchCandidate {
  message: OutgoingMessage;
  requesterId: string;
}

/** What one message may carry; Discord's limits, plus the upload size a bot may send in one message. */
export interface BatchLimits {
  embeds: number;
  rows: number;
  embedChars: number;
  content: number;
  files: number;
  fileBytes: number;
}

/**
 * Discord's limits of one message. Uploads: 10 files, and 10 MiB together (a bot's upload limit outside
 * boosted servers).
 * @see https://discord.com/developers/docs/reference#uploading-files
 */
export const MESSAGE_BATCH_LIMITS: BatchLimits = {
  embeds: DISCORD_LIMITS.embeds,
  rows: DISCORD_LIMITS.rows,
  embedChars: DISCORD_LIMITS.embedsTotal,
  content: DISCORD_LIMITS.content,
  files: 10,
  fileBytes: 10 * 1024 * 1024,
};

/**
 * The rows a result keeps in a message shared with other results: all but its row of tools (Remix, Prompt,
 * Delete…), which are one member's, and one message of several members' results is nobody's to delete.
 */
function sharedRows(payload: OutgoingMessage["payload"]): OutgoingRow[] {
  return payload.components.filter(
    (row) =>
      !row.components.every(
        (c) => "custom_id" in c && RESULT_TOOL_PREFIXES.includes(customIdPrefix(c.custom_id)),
      ),
  );
}

/** The mention of a requester, as the results' content spells it. */
function mentionOf(requesterId: string): string {
  return `<@${requesterId}>`;
}

/** The content line a result adds to a batch: empty for a requester already mentioned by an earlier one. */
function contentLine(candidate: BatchCandidate, mentioned: ReadonlySet<string>): string {
  return mentioned.has(candidate.requesterId) ? "" : candidate.message.payload.content;
}

/**
 * How many of `waiting`, from the front, fit together in one message under `limits`: at least 1 (a
 * result that does not fit with others is posted alone, as it would be without batching).
 */
export function resultsFitting(
  waiting: readonly BatchCandidate[],
  limits: BatchLimits = MESSAGE_BATCH_LIMITS,
): number {
  let embeds = 0;
  let sharedRowCount = 0;
  let embedChars = 0;
  let content = 0;
  let files = 0;
  let fileBytes = 0;
  const mentioned = new Set<string>();
  let count = 0;
  for (const candidate of waiting) {
    const { payload, files: uploads } = candidate.message;
    const line = contentLine(candidate, mentioned);
    embeds += payload.embeds.length;
    sharedRowCount += sharedRows(payload).length;
    // Alone, a result keeps every row; with others, each keeps only its {@link sharedRows}.
    const rows = count === 0 ? payload.components.length : sharedRowCount;
    const mark = resultMark(count);
    embedChars += payload.embeds.reduce((sum, e) => sum + embedTextLength(numbered(e, mark)), 0);
    content += line.length + (content > 0 && line !== "" ? 1 : 0);
    files += uploads.length;
    fileBytes += uploads.reduce((sum, f) => sum + f.data.length, 0);
    const fits =
      embeds <= limits.embeds &&
      rows <= limits.rows &&
      embedChars <= limits.embedChars &&
      content <= limits.content &&
      files <= limits.files &&
      fileBytes <= limits.fileBytes;
    if (!fits) return Math.max(count, 1);
    mentioned.add(candidate.requesterId);
    count += 1;
  }
  return Math.max(count, waiting.length === 0 ? 0 : 1);
}

/**
 * One message made of `batch` (which {@link resultsFitting} accepted): the results' embeds and rows in
 * order, their content lines (each requester mentioned once), `allowed_mentions.users` exactly the
 * requesters, `parse` empty, and each result's files renamed `r<i>-NAME` (with its embeds' `attachment://`
 * URLs) so that two results' files of the same name do not collide.
 */
export function combineResults(batch: readonly BatchCandidate[]): OutgoingMessage {
  const mentioned = new Set<string>();
  const lines: string[] = [];
  const embeds: APIEmbed[] = [];
  const components: OutgoingMessage["payload"]["components"][number][] = [];
  const files: OutgoingFile[] = [];
  batch.forEach((candidate, i) => {
    const line = contentLine(candidate, mentioned);
    if (line !== "") lines.push(line);
    mentioned.add(candidate.requesterId);
    const renamed = new Map(candidate.message.files.map((f) => [f.name, `r${i}-${f.name}`]));
    const mark = resultMark(i);
    for (const embed of candidate.message.payload.embeds)
      embeds.push(numbered(renameAttachments(embed, renamed), mark));
    const rows =
      batch.length === 1 ? candidate.message.payload.components : sharedRows(candidate.message.payload);
    components.push(...rows.map((row) => numberedRow(row, mark)));
    for (const file of candidate.message.files)
      files.push({ ...file, name: renamed.get(file.name) ?? file.name });
  });
  const users = [...mentioned].filter((id) => lines.some((l) => l.includes(mentionOf(id))));
  return {
    payload: {
      content: lines.join("\n"),
      embeds,
      components,
      allowedMentions: { parse: [], users, repliedUser: false },
    },
    files,
  };
}

/**
 * The mark of the `index`-th result of a batched message. Discord shows a message's rows of buttons below
 * all of its embeds, so without it two results' rows of U1–U4 look alike: each result's title and each of
 * its buttons carry its number.
 * @see https://discord.com/developers/docs/components/reference#action-row
 */
export function resultMark(index: number): string {
  return `#${index + 1}`;
}

/** `embed` with `mark` before its title (an embed without a title is left as it is). */
function numbered(embed: APIEmbed, mark: string): APIEmbed {
  return embed.title === undefined ? embed : { ...embed, title: `${mark} · ${embed.title}` };
}

/** `row` with `mark` before each button's label (a button with an emoji alone gets the mark as its label). */
function numberedRow(row: OutgoingRow, mark: string): OutgoingRow {
  return {
    ...row,
    components: row.components.map((button) =>
      "label" in button || "emoji" in button
        ? { ...button, label: button.label === undefined ? mark : `${mark} ${button.label}` }
        : button,
    ),
  };
}

/** `embed` with its `attachment://NAME` image and thumbnail URLs pointing at the renamed files. */
function renameAttachments(embed: APIEmbed, renamed: ReadonlyMap<string, string>): APIEmbed {
  const rename = (url: string): string => {
    if (!url.startsWith("attachment://")) return url;
    const name = renamed.get(url.slice("attachment://".length));
    return name === undefined ? url : `attachment://${name}`;
  };
  return {
    ...embed,
    ...(embed.image ? { image: { ...embed.image, url: rename(embed.image.url) } } : {}),
    ...(embed.thumbnail ? { thumbnail: { ...embed.thumbnail, url: rename(embed.thumbnail.url) } } : {}),
  };
}

/**
 * The nonce of a batch: a digest of its results' own nonces (order does not matter), 25 characters. A lone
 * result keeps its own nonce.
 */
export function batchNonce(nonces: readonly string[]): string {
  if (nonces.length === 1 && nonces[0] !== undefined) return nonces[0];
  const digest = createHash("sha256")
    .update([...nonces].sort().join("\u0000"))
    .digest("base64url");
  return digest.slice(0, MAX_NONCE_LENGTH);
}

/**
 * Whether `posted` carries `candidate`'s result: each of its embeds' footers (which name the job) is among
 * the message's, else each of its buttons' custom ids (which carry the job). A message returned for a nonce
 * posted before may hold other results than the ones posted now (see `ChannelResultQueue`); one the result
 * cannot be told apart in is taken as carrying it.
 */
export function carriesResult(
  posted: { embeds?: readonly APIEmbed[]; components?: readonly unknown[] },
  candidate: BatchCandidate,
): boolean {
  const footers = candidate.message.payload.embeds.flatMap((e) => (e.footer ? [e.footer.text] : []));
  if (footers.length > 0) {
    const present = new Set((posted.embeds ?? []).flatMap((e) => (e.footer ? [e.footer.text] : [])));
    return footers.every((f) => present.has(f));
  }
  const ids = customIdsOf(candidate.message.payload.components);
  if (ids.length === 0) return true;
  const present = new Set(customIdsOf(posted.components ?? []));
  return ids.every((id) => present.has(id));
}

/** The custom ids of the buttons in `rows`, as sent or as Discord returns them. */
function customIdsOf(rows: readonly unknown[]): string[] {
  return rows.flatMap((row) => {
    const components = (row as { components?: unknown }).components;
    if (!Array.isArray(components)) return [];
    return components.flatMap((c: unknown) => {
      const id = (c as { custom_id?: unknown }).custom_id;
      return typeof id === "string" ? [id] : [];
    });
  });
}

/** A result posted for the first time (not again under a nonce recorded before, not alone after that). */
export function isFresh(w: { claimedNonce?: string; alone?: boolean }): boolean {
  return w.claimedNonce === undefined && w.alone !== true;
}

/**
 * The results that go out next, from the front of `waiting`: those recorded under the same nonce as the
 * first (posted together before a restart), else as many results not yet recorded as fit in one message.
 */
export function nextBatch<W extends BatchCandidate & { claimedNonce?: string; alone?: boolean }>(
  waiting: readonly W[],
  limits?: BatchLimits,
): W[] {
  const first = waiting[0];
  if (first?.alone === true) return [first];
  if (first?.claimedNonce !== undefined) return waiting.filter((w) => w.claimedNonce === first.claimedNonce);
  const fresh = waiting.filter(isFresh);
  return fresh.slice(0, resultsFitting(fresh, limits));
}
