import { z } from "zod";

/**
 * The statuses the interface document names. The service may send others (e.g. `queued`):
 * those are kept as-is and treated as "not finished".
 */
export const KNOWN_STATUSES = ["pending", "in-progress", "completed", "failed"] as const;
export type KnownStatus = (typeof KNOWN_STATUSES)[number];

/** A status that ends a job: no further change is expected. */
export function isFinished(status: string): status is "completed" | "failed" {
  return status === "completed" || status === "failed";
}

const nullableString = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/** `progress` is an integer 0-100 while in progress; some deployments send it as a numeric string. */
const progressSchema = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === "") return null;
    const n = typeof v === "number" ? v : Number(v.trim().replace(/%$/, ""));
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: `progress is not a number: ${JSON.stringify(v)}` });
      return z.NEVER;
    }
    return Math.max(0, Math.min(100, n));
  });

/**
 * Longest `error` text kept from a record: enough for any message a user could read (Discord shows at
 * most 4096 characters in an embed), while a failed record with megabytes of text is still accepted.
 */
export const MAX_RECORD_ERROR_LENGTH = 4_000;

const errorText = nullableString.transform((v) =>
  v !== null && v.length > MAX_RECORD_ERROR_LENGTH ? `${v.slice(0, MAX_RECORD_ERROR_LENGTH - 1)}…` : v,
);

/**
 * One image record as the service returns it (interface part 2), normalised: nullable fields are `null`
 * when absent, `progress` is a number, `error` is cut to {@link MAX_RECORD_ERROR_LENGTH} characters, unknown
 * extra fields are dropped. `id` and `status` are required. A self-hosted server's record has no `ref` and
 * no `parent_id` (11 fields): both read as `null`.
 */
export const imageRecordSchema = z.object({
  id: z.string({ error: "record has no id" }).min(1, "record id is empty"),
  // Null on records other clients made on a self-hosted server (service-facts.md, "Two kinds of server").
  prompt: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  results: nullableString,
  user_created: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  date_created: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  status: z.string({ error: "record has no status" }).min(1, "record status is empty"),
  progress: progressSchema,
  url: nullableString,
  error: errorText,
  upscaled_urls: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? null),
  upscaled: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  ref: nullableString,
  parent_id: nullableString,
});

export type ImageRecord = z.output<typeof imageRecordSchema>;

/** Images in a completed grid (U1-U4, `upscaled_urls[0..3]`); an upscale's index is 0 to this minus 1. */
export const GRID_SIZE = 4;

/**
 * The factors of `POST /items/images/{id}/{index}/upscale/{factor}` (service-facts.md), smallest first.
 */
export const UPSCALE_FACTORS = ["2x", "4x", "6x", "8x", "10x", "12x"] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];

/** Whether `value` is one of the {@link UPSCALE_FACTORS}. */
export function isUpscaleFactor(value: unknown): value is UpscaleFactor {
  return (UPSCALE_FACTORS as readonly unknown[]).includes(value);
}

/** Both endpoints wrap the record: `{ data: <record> }`. */
export const imageResponseSchema = z.object({ data: imageRecordSchema });

export const BOT_STATUSES = ["healthy", "unhealthy", "starting", "paused"] as const;

/** `GET /items/status`: the upstream bot's health. Unknown values are kept (and are "not healthy"). */
export const serviceStatusSchema = z.object({
  data: z.looseObject({
    bot_status: z.string(),
    message: nullableString.optional(),
  }),
});
export type ServiceStatus = z.output<typeof serviceStatusSchema>["data"];

/** Directus error body: `{ errors: [{ message, extensions: { code } }] }`. */
export const directusErrorSchema = z.object({
  errors: z
    .array(
      z.looseObject({
        message: z.string().optional(),
        extensions: z.looseObject({ code: z.string().optional() }).optional(),
      }),
    )
    .min(1),
});

/** Webhook body the service POSTs on create and on every update (service-facts.md). */
export const webhookEventSchema = z.object({
  event: z.string(),
  payload: imageRecordSchema,
});
export type WebhookEvent = z.output<typeof webhookEventSchema>;
