/**
 * How a {@link Job} maps to a row of the `jobs` table and back, for the SQLite and the Postgres store. Ids stay
 * strings (Discord snowflakes do not fit a double); booleans are written as 0/1 (SQLite's integers, which
 * Postgres also reads as booleans) and read back from either; every field of the job and its location has its
 * own column (an Enhance job's grid, image index and factor too, beside its `kind`).
 */
import { z } from "zod";
import type { KeptPrompt } from "../imagine/job-store.js";
import { REMAKE_REASONS, type Job, type JobOrigin, type JobOutcome } from "../imagine/job.js";
import { IMAGINE, JOB_KIND_NAMES, unknownKind, type JobKind, type JobKindName } from "../imagine/job-kind.js";
import { LANGUAGES } from "../i18n/languages.js";
import { GRID_SIZE, UPSCALE_FACTORS } from "../service/schema.js";
import { readPrompt } from "../prompt/prompt.js";
import { sharedString } from "./shared-strings.js";

/** A value of a column as both drivers bind it. */
export type InValue = string | number | bigint | Uint8Array | null;

/** Every outcome; the record type makes the compiler ask for a new one here. */
const OUTCOMES: Record<JobOutcome, true> = {
  completed: true,
  failed: true,
  "timed-out": true,
  lost: true,
  "message-deleted": true,
  cancelled: true,
};

const text = z.string();
const nullableText = z.string().nullable();
const integer = z.number().int();
const nullableInteger = integer.nullable();
const flag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);

/** What a kind holds besides its name. */
type KindDetail<K extends JobKindName> = Omit<Extract<JobKind, { name: K }>, "name">;

const gridIndex = integer.min(0).max(GRID_SIZE - 1);

/** The schema of each kind's `kind_detail`; the mapped type makes the compiler ask for a new kind here. */
const KIND_DETAILS: { [K in JobKindName]: z.ZodType<KindDetail<K>> } = {
  imagine: z.object({}),
  upscale: z.object({ parentId: text, index: gridIndex, factor: z.enum(UPSCALE_FACTORS) }),
};

const jobRowSchema = z.object({
  image_id: text,
  ref: text,
  prompt: text,
  requester_id: text,
  source: z.enum(["interaction", "dm"]),
  application_id: text,
  interaction_token: nullableText,
  interaction_token_expires_at: nullableInteger,
  guild_id: nullableText,
  channel_id: text,
  message_id: nullableText,
  channel_editable: flag,
  started_at: integer,
  status: text,
  progress: z.number().nullable(),
  outcome: z.enum(Object.keys(OUTCOMES) as [JobOutcome, ...JobOutcome[]]).nullable(),
  finished_at: nullableInteger,
  delivered: flag,
  error: nullableText,
  cancelled_by: nullableText,
  kind: z.enum(JOB_KIND_NAMES),
  parent_id: nullableText,
  parent_index: gridIndex.nullable(),
  upscale_factor: z.enum(UPSCALE_FACTORS).nullable(),
  // A language this version does not speak (written by a newer one) is read as English, not as a lost job.
  language: z.enum(LANGUAGES).catch("en"),
  deliver_by_dm: flag,
  server: nullableText.optional(),
  // JSON; null in rows written before the column was added.
  kind_detail: nullableText,
  origin_kind: z.enum(["remix", "more"]).nullable().default(null),
  origin_job_id: nullableText.default(null),
  origin_link: nullableText.default(null),
  style: nullableText,
  phase: z.enum(["waiting", "sent"]),
  waited_in_line: flag,
  remade_from: nullableText.default(null),
  remade_from_server: nullableText.default(null),
  // A reason this version does not know (written by a newer one) still means "made again once".
  remade_why: z.enum(REMAKE_REASONS).nullable().catch("account").default(null),
});

/** The columns a row's parse failed on, once each, for the error naming them. */
export function badColumns(error: z.ZodError): string {
  return [...new Set(error.issues.map((i) => i.path.join(".")))].join(", ");
}

/** A job as named arguments, one per column of the `jobs` table (`:image_id`, ...). */
export type JobArgs = Record<(typeof JOB_COLUMNS)[number], InValue>;

/** Every column of the `jobs` table. */
export const JOB_COLUMNS = [
  ...(Object.keys(jobRowSchema.shape) as (keyof z.input<typeof jobRowSchema>)[]),
  "updated_at",
] as const;

/** The values of {@link jobToArgs} in the order of {@link JOB_COLUMNS}, for positional parameters ($1, ...). */
export function jobToValues(job: Job, updatedAt: number): InValue[] {
  const args = jobToArgs(job, updatedAt);
  return JOB_COLUMNS.map((c) => args[c]);
}

/** The named arguments that store `job`, last changed at `updatedAt`. */
export function jobToArgs(job: Job, updatedAt: number): JobArgs {
  const l = job.location;
  return {
    image_id: job.imageId,
    ref: job.ref,
    prompt: job.prompt.text,
    requester_id: job.requesterId,
    source: job.source,
    application_id: l.applicationId,
    interaction_token: l.interactionToken,
    interaction_token_expires_at: l.interactionTokenExpiresAt,
    guild_id: l.guildId,
    channel_id: l.channelId,
    message_id: l.messageId,
    channel_editable: l.channelEditable ? 1 : 0,
    started_at: job.startedAt,
    status: job.status,
    progress: job.progress,
    outcome: job.outcome,
    finished_at: job.finishedAt,
    delivered: job.delivered ? 1 : 0,
    error: job.error,
    cancelled_by: job.cancelledBy ?? null,
    ...kindColumns(job.kind),
    language: job.language,
    deliver_by_dm: job.deliverByDm ? 1 : 0,
    origin_kind: job.origin?.kind ?? null,
    origin_job_id: job.origin?.jobId ?? null,
    origin_link: job.origin?.link ?? null,
    server: job.server ?? null,
    style: job.style ?? null,
    phase: job.phase,
    waited_in_line: job.waitedInLine ? 1 : 0,
    remade_from: job.remadeFrom?.imageId ?? null,
    remade_from_server: job.remadeFrom?.server ?? null,
    remade_why: job.remadeFrom?.why ?? null,
    updated_at: updatedAt,
  };
}

/**
 * The columns of `kind`: its name, its detail as JSON, and an upscale's grid, image and factor in their own
 * columns too (the Enhance lookup's index, and what versions before `kind_detail` read).
 */
function kindColumns(kind: JobKind) {
  const { name, ...detail } = kind;
  const columns = { kind: name, kind_detail: JSON.stringify(detail) };
  switch (kind.name) {
    case "imagine":
      return { ...columns, parent_id: null, parent_index: null, upscale_factor: null };
    case "upscale":
      return { ...columns, parent_id: kind.parentId, parent_index: kind.index, upscale_factor: kind.factor };
    default:
      return unknownKind(kind);
  }
}

/**
 * The kind of a parsed row: from `kind_detail`, or for a row written before it, from the upscale columns.
 * @throws {Error} when the detail does not fit the kind.
 */
function rowKind(r: z.output<typeof jobRowSchema>): JobKind {
  if (r.kind_detail !== null) {
    let json: unknown;
    try {
      json = JSON.parse(r.kind_detail);
    } catch {
      json = undefined;
    }
    const detail = KIND_DETAILS[r.kind].safeParse(json);
    if (!detail.success) throw new Error(`the stored job ${r.image_id} has an invalid ${r.kind} kind_detail`);
    // Each name's schema gives that kind's detail; TypeScript cannot follow the index to the member.
    return { ...detail.data, name: r.kind } as JobKind;
  }
  switch (r.kind) {
    case "imagine":
      return IMAGINE;
    case "upscale":
      if (r.parent_id === null || r.parent_index === null || r.upscale_factor === null) {
        throw new Error(
          `the stored job ${r.image_id} is an upscale without its parent_id, parent_index or upscale_factor`,
        );
      }
      return { name: "upscale", parentId: r.parent_id, index: r.parent_index, factor: r.upscale_factor };
    default:
      return unknownKind(r.kind);
  }
}

/**
 * The job stored in `row`.
 * @throws {Error} naming the image id and the bad columns when the row holds values no job can have
 *   (edited by hand, or written by an incompatible version).
 */
export function rowToJob(row: Readonly<Record<string, unknown>>): Job {
  const parsed = jobRowSchema.safeParse(row);
  if (!parsed.success) {
    throw new Error(
      `the stored job ${String(row["image_id"])} has invalid values in: ${badColumns(parsed.error)}`,
    );
  }
  const r = parsed.data;
  return {
    imageId: r.image_id,
    phase: r.phase,
    ref: r.ref,
    // The stored text, read once as the job is read back.
    prompt: readPrompt(r.prompt),
    kind: rowKind(r),
    requesterId: sharedString(r.requester_id),
    source: sharedString(r.source),
    location: {
      applicationId: sharedString(r.application_id),
      interactionToken: r.interaction_token,
      interactionTokenExpiresAt: r.interaction_token_expires_at,
      guildId: sharedString(r.guild_id),
      channelId: sharedString(r.channel_id),
      messageId: r.message_id,
      channelEditable: r.channel_editable,
    },
    startedAt: r.started_at,
    status: sharedString(r.status),
    progress: r.progress,
    outcome: r.outcome,
    finishedAt: r.finished_at,
    delivered: r.delivered,
    error: r.error,
    ...(r.cancelled_by === null ? {} : { cancelledBy: r.cancelled_by }),
    language: sharedString(r.language),
    ...(r.deliver_by_dm ? { deliverByDm: true } : {}),
    ...originOf(r),
    ...(r.server == null ? {} : { server: r.server }),
    ...(r.style === null ? {} : { style: r.style }),
    ...(r.waited_in_line ? { waitedInLine: true } : {}),
    ...(r.remade_from === null
      ? {}
      : {
          remadeFrom: {
            imageId: r.remade_from,
            server: r.remade_from_server,
            why: r.remade_why ?? "account",
          },
        }),
  };
}

/** The job's origin from its columns: none unless the kind and job are both there. */
function originOf(r: {
  origin_kind: JobOrigin["kind"] | null;
  origin_job_id: string | null;
  origin_link: string | null;
}): { origin?: JobOrigin } {
  if (r.origin_kind === null || r.origin_job_id === null) return {};
  return { origin: { kind: r.origin_kind, jobId: r.origin_job_id, link: r.origin_link } };
}

const keptPromptRowSchema = z.object({
  id: text,
  user_id: text,
  prompt: text,
  kept_at: integer,
  style: nullableText.optional(),
});

/**
 * The kept prompt stored in a `kept_prompts` row.
 * @throws {Error} naming the row when it holds values a kept prompt cannot have.
 */
export function rowToKeptPrompt(row: Readonly<Record<string, unknown>>): KeptPrompt {
  const parsed = keptPromptRowSchema.safeParse(row);
  if (!parsed.success) throw new Error(`the kept prompt ${String(row["id"])} has invalid values`);
  const r = parsed.data;
  return {
    ref: r.id,
    requesterId: r.user_id,
    prompt: r.prompt,
    keptAt: r.kept_at,
    ...(r.style ? { style: r.style } : {}),
  };
}
