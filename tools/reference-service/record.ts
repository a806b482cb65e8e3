/**
 * The reference service's own image record, written from the interface document (part 2) and
 * service-facts.md ("Two kinds of server"), never from the bot's schema: the two must be able to disagree,
 * or the tests could not see where the bot is wrong about a real server.
 */
import { randomUUID } from "node:crypto";

/** The two kinds of ImagineAPI server (service-facts.md, "Two kinds of server"). */
export type ServiceProfile = "hosted" | "self-hosted";
export const SERVICE_PROFILES: readonly ServiceProfile[] = ["hosted", "self-hosted"];

/** The states of part 3 of the interface. */
export type RecordStatus = "pending" | "in-progress" | "completed" | "failed";
export const RECORD_STATUSES: readonly RecordStatus[] = ["pending", "in-progress", "completed", "failed"];

/**
 * One record as the service stores it: the 11 fields every server has, then `ref` and `parent_id`, which
 * only the hosted service has (always null on a self-hosted one, and never sent by it). `prompt` is null
 * on records made by other clients of a self-hosted server.
 */
export interface ServiceRecord {
  id: string;
  prompt: string | null;
  results: string | null;
  user_created: string;
  date_created: string;
  status: RecordStatus;
  progress: number | null;
  url: string | null;
  error: string | null;
  upscaled_urls: string[] | null;
  upscaled: string[];
  ref: string | null;
  parent_id: string | null;
}

/** The fields of a self-hosted server's `images` collection, in the order it sends them. */
export const SELF_HOSTED_FIELDS = [
  "id",
  "prompt",
  "results",
  "user_created",
  "date_created",
  "status",
  "progress",
  "url",
  "error",
  "upscaled_urls",
  "upscaled",
] as const satisfies readonly (keyof ServiceRecord)[];

/** The hosted service's fields: the same plus `ref` (the interface) and `parent_id` (the upscale endpoint). */
export const HOSTED_FIELDS = [
  ...SELF_HOSTED_FIELDS,
  "ref",
  "parent_id",
] as const satisfies readonly (keyof ServiceRecord)[];

/** The fields a server of this profile has, in the order it sends them. */
export function fieldsOf(profile: ServiceProfile): readonly (keyof ServiceRecord)[] {
  return profile === "hosted" ? HOSTED_FIELDS : SELF_HOSTED_FIELDS;
}

/** The record as a server of this profile sends it: its fields only, in its order. */
export function recordView(
  record: ServiceRecord,
  profile: ServiceProfile,
  fields: readonly (keyof ServiceRecord)[] = fieldsOf(profile),
): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, record[field]]));
}

/** A status that ends a job: no further change comes. */
export function isFinished(status: RecordStatus): boolean {
  return status === "completed" || status === "failed";
}

/** Images in a completed grid (U1-U4, `upscaled_urls[0..3]`, top-left, top-right, bottom-left, bottom-right). */
export const GRID_SIZE = 4;

/** The factors of the hosted service's `POST /items/images/{id}/{index}/upscale/{factor}`, smallest first. */
export const UPSCALE_FACTORS = ["2x", "4x", "6x", "8x", "10x", "12x"] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];

/** Whether `value` is one of the {@link UPSCALE_FACTORS}. */
export function isUpscaleFactor(value: unknown): value is UpscaleFactor {
  return (UPSCALE_FACTORS as readonly unknown[]).includes(value);
}

/**
 * `randomUUID()` and template literals return V8 rope strings of ~500 bytes; a flat copy is ~60. Records are
 * kept for the life of the service (benchmarks create tens of thousands), so stored ids and URLs are
 * flattened. Only for well-formed text: lone surrogates would not survive the round trip.
 */
export function flat(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8");
}

/** A new UUID (records and files), flattened. */
export function newId(): string {
  return flat(randomUUID());
}

/**
 * A new record as a create makes it: `pending`, nothing generated yet, `fields` over those values. Newlines
 * in the prompt become spaces, as upstream.
 */
export function newRecord(
  fields: Pick<ServiceRecord, "user_created"> & Partial<ServiceRecord>,
): ServiceRecord {
  const prompt = fields.prompt ?? null;
  // Every key first, in the order a server sends them, so stored records read like sent ones.
  const record: ServiceRecord = {
    id: newId(),
    prompt: null,
    results: null,
    user_created: fields.user_created,
    date_created: new Date().toISOString(),
    status: "pending",
    progress: null,
    url: null,
    error: null,
    upscaled_urls: null,
    upscaled: [],
    ref: null,
    parent_id: null,
  };
  return { ...record, ...fields, prompt: prompt === null ? null : prompt.replace(/[\r\n]+/g, " ") };
}
