/**
 * The kinds of value the configuration's variables hold (`config.ts`): whole numbers in range, URLs, Discord
 * ids, one of a list, `auto` or a number, Enhance factors, shard lists. Schemas only; nothing here reads the
 * environment.
 */
import { z } from "zod";
import { isUpscaleFactor, UPSCALE_FACTORS, type UpscaleFactor } from "./service/schema.js";

/** Treats an empty string (`FOO=` in .env) as "not set", so defaults apply. */
export function blankAsUnset(v: unknown): unknown {
  return typeof v === "string" && v.trim() === "" ? undefined : v;
}

export const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** A whole number in range, e.g. `int(100).default(3000)`. */
export const int = (min: number, max = Number.MAX_SAFE_INTEGER) => wholeNumber(min, max);

export const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL, e.g. https://example.com/api" })
  .transform((u) => u.replace(/\/+$/, ""));

export const snowflake = z
  .string()
  .trim()
  .regex(/^\d{17,20}$/, "must be a Discord id (17-20 digits; enable Developer Mode, right-click, Copy ID)")
  .optional();

/** Whether `value` parses as a URL with the postgres: or postgresql: scheme. */
export function isPostgresUrl(value: string): boolean {
  try {
    return /^postgres(ql)?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A value from a fixed list, in any case. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(values, { error: `must be one of ${values.join(", ")}` }),
  );

/** Most Enhance buttons under one image: one row of buttons holds five. */
export const MAX_ENHANCE_FACTORS = 5;

/**
 * `ENHANCE_FACTORS`: comma-separated upscale factors (`2x,4x`), any case and order, read as the distinct
 * factors smallest first; empty means Enhance is off.
 * @see https://discord.com/developers/docs/components/reference#action-row (at most 5 buttons)
 */
export const enhanceFactors = z
  .string()
  .default("")
  .transform((text, ctx): UpscaleFactor[] => {
    const given = text
      .split(",")
      .map((f) => f.trim().toLowerCase())
      .filter(Boolean);
    const unknown = given.filter((f) => !isUpscaleFactor(f));
    const factors = UPSCALE_FACTORS.filter((f) => given.includes(f));
    if (unknown.length > 0 || factors.length > MAX_ENHANCE_FACTORS) {
      const problem =
        unknown.length > 0
          ? `has unknown factors ${unknown.join(", ")}`
          : `has ${factors.length} factors, more than ${MAX_ENHANCE_FACTORS}`;
      ctx.addIssue({
        code: "custom",
        message: `${problem}: give at most ${MAX_ENHANCE_FACTORS} of ${UPSCALE_FACTORS.join(", ")}, comma-separated (e.g. 2x,4x), or leave it empty to turn Enhance off`,
      });
      return z.NEVER;
    }
    return factors;
  });
/** `auto`, or a whole number in range. */
export const autoOr = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim().toLowerCase() === "auto" ? "auto" : v),
    z.union([z.literal("auto"), wholeNumber(min, max)], {
      error: `must be auto or a whole number >= ${min}`,
    }),
  );

/** `auto`, or a comma-separated list of gateway shard ids (`0,1`). */
export const shardList = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    const text = v.trim().toLowerCase();
    return text === "auto" ? text : text.split(",").map((id) => (/^\d+$/.test(id.trim()) ? Number(id) : id));
  },
  z.union([z.literal("auto"), z.array(z.number().int().min(0)).min(1)], {
    error: "must be auto or shard ids separated by commas, e.g. 0,1",
  }),
);
