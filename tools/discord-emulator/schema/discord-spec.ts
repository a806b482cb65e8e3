/**
 * Discord's published API description (OpenAPI 3.1, API v10) as the npm package `discord-api-spec` ships
 * it: Zod Mini schemas for every request and response object, and the `Paths` types that say which of them
 * each operation takes and answers.
 *
 * The package builds its schemas with `z.object` (unknown keys are dropped silently) unless
 * `setStrictObject(true)` was called first, yet it builds every schema while it is imported, before any
 * caller can make that call. So the generated module is evaluated here a second time with strict objects
 * from its first line: an unknown key is an error, as the package's strict variant intends. Its two
 * intersections (the error bodies) become one strict object of both sides' fields, since each strict side
 * would otherwise refuse the other's fields.
 * @see https://github.com/discord/discord-api-spec
 */
import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { runInThisContext } from "node:vm";
import * as z from "zod/mini";
import { parseInterface, type TypeExpression } from "./type-expressions.js";

/** A schema of the package (a Zod Mini schema). */
export type SpecSchema = z.ZodMiniType;

/** Where the package is installed (its `exports` hide its files from `require.resolve`). */
function packageDirectory(): string {
  const require = createRequire(import.meta.url);
  for (const base of require.resolve.paths("discord-api-spec") ?? []) {
    const dir = join(base, "discord-api-spec");
    if (existsSync(join(dir, "package.json"))) return dir;
  }
  throw new Error("the dev dependency discord-api-spec is not installed (npm ci)");
}

type ZodNamespace = typeof z;

function shapeOf(schema: SpecSchema): Record<string, SpecSchema> {
  let def = schema._zod.def as {
    type: string;
    getter?: () => SpecSchema;
    shape?: Record<string, SpecSchema>;
  };
  while (def.type === "lazy" && def.getter) def = def.getter()._zod.def as typeof def;
  if (def.type !== "object" || !def.shape)
    throw new Error(`an intersection of a ${def.type}, not of objects`);
  return def.shape;
}

/** The package's `z`, with intersections of objects made one strict object. */
function strictNamespace(): ZodNamespace {
  const intersection = (left: SpecSchema, right: SpecSchema) =>
    z.lazy(() => z.strictObject({ ...shapeOf(left), ...shapeOf(right) }));
  return { ...z, intersection } as unknown as ZodNamespace;
}

/** Evaluates the generated Zod module with `zObject = z.strictObject` and returns its exports by name. */
function loadStrictSchemas(source: string): Map<string, SpecSchema> {
  const names = [...source.matchAll(/^export const (\w+) =/gm)].map((m) => m[1] ?? "");
  const importLine = /^import \* as z from "zod\/mini";$/m;
  const objectLine = /^let zObject = z\.object;$/m;
  if (!importLine.test(source) || !objectLine.test(source))
    throw new Error("discord-api-spec's generated Zod module has changed shape: update discord-spec.ts");
  const body = source
    .replace(importLine, "")
    .replace(objectLine, "let zObject = z.strictObject;")
    .replace(/^export const /gm, "const ");
  const factory = runInThisContext(`(function (z) {${body}\nreturn { ${names.join(", ")} };\n})`, {
    filename: "discord-api-spec.zod.strict.js",
  }) as (namespace: ZodNamespace) => Record<string, unknown>;
  const exports = factory(strictNamespace());
  const schemas = new Map<string, SpecSchema>();
  for (const [name, value] of Object.entries(exports))
    if (name.endsWith("Schema") && typeof value === "object" && value !== null && "_zod" in value)
      schemas.set(name.slice(0, -"Schema".length), value as SpecSchema);
  return schemas;
}

/** The description's schemas (strict) and its operations' types. */
export interface DiscordSpec {
  /** The package's version, e.g. `10.0.266135`. */
  readonly version: string;
  /** Schemas by type name, e.g. `MessageCreateRequest`. */
  readonly schemas: ReadonlyMap<string, SpecSchema>;
  /** `Paths`: path template -> method -> `{ requestBody, responses, ... }`. */
  readonly paths: TypeExpression;
}

let loaded: DiscordSpec | null = null;

/** Loads the package once per process (0.4 s on a quiet machine). */
export function discordSpec(): DiscordSpec {
  if (loaded) return loaded;
  const dir = packageDirectory();
  const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string };
  const schemas = loadStrictSchemas(readFileSync(join(dir, "build/discord-api-spec.zod.js"), "utf8"));
  const paths = parseInterface(readFileSync(join(dir, "build/discord-api-spec.ts"), "utf8"), "Paths");
  loaded = { version, schemas, paths };
  return loaded;
}
