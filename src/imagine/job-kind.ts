/**
 * What a job makes, as one discriminated union: every place that acts differently per kind switches on
 * `kind.name` once and ends in {@link unknownKind}, so adding a member makes the compiler list each place
 * left to write (the service call, the views, the store). docs/architecture.md: "Add a kind of job".
 */
import type { UpscaleFactor } from "../service/schema.js";

/** A prompt made into a grid of four images (`/imagine`, `/blend`, Try again, a DM prompt). */
export interface ImagineKind {
  readonly name: "imagine";
}

/**
 * One image of a grid enlarged (Enhance): image `index` (0-based, U1 = 0) of the grid `parentId` (the image
 * id of the grid's job), by `factor`.
 */
export interface UpscaleKind {
  readonly name: "upscale";
  readonly parentId: string;
  readonly index: number;
  readonly factor: UpscaleFactor;
}

/** Every kind of job. Add a member here, then follow the compiler's errors. */
export type JobKind = ImagineKind | UpscaleKind;

/** The name of a kind of job, as the store's `kind` column holds it. */
export type JobKindName = JobKind["name"];

/** Every kind's name; the record type makes the compiler ask for a new one here. */
const KIND_NAMES: Record<JobKindName, true> = { imagine: true, upscale: true };

/** Every kind's name, for validating stored rows. */
export const JOB_KIND_NAMES = Object.keys(KIND_NAMES) as [JobKindName, ...JobKindName[]];

/** The kind of a grid made from a prompt. */
export const IMAGINE: ImagineKind = { name: "imagine" };

/**
 * The end of an exhaustive `switch (kind.name)`: unreachable while every member has its case, and a compile
 * error naming the missing one otherwise.
 * @throws {Error} when reached at run time (a value the types did not allow).
 */
export function unknownKind(kind: never): never {
  throw new Error(`unknown kind of job: ${JSON.stringify(kind)}`);
}
