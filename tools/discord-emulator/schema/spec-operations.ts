/**
 * The REST operations of Discord's API description: for a method and a concrete path, the operation
 * (`POST /channels/{channel_id}/messages`), the schema of its request body and the schema of each answer it
 * documents (`"200"`, `"204"`, `"429"`, `"4XX"`), built from the package's `Paths` types and its schemas.
 */
import * as z from "zod/mini";
import { discordSpec, type DiscordSpec, type SpecSchema } from "./discord-spec.js";
import type { TypeExpression } from "./type-expressions.js";

/** One side of an operation: the schema and the type it was built from, e.g. `MessageResponse[] | null`. */
export interface SpecBody {
  schema: SpecSchema;
  type: string;
}

/** One operation of the API description. */
export interface SpecOperation {
  /** E.g. `POST /channels/{channel_id}/messages`. */
  id: string;
  /** The request body; null when the operation takes none. */
  request: SpecBody | null;
  /** Answers by status key (`"200"`, `"4XX"`); null for a status that has no body (`204`). */
  responses: ReadonlyMap<string, SpecBody | null>;
}

/** Writes a type expression back as TypeScript. */
export function typeText(type: TypeExpression): string {
  switch (type.kind) {
    case "name":
    case "keyword":
      return type.name;
    case "literal":
      return JSON.stringify(type.value);
    case "array": {
      const inner = typeText(type.element);
      return type.element.kind === "union" ? `(${inner})[]` : `${inner}[]`;
    }
    case "tuple":
      return `[${type.elements.map(typeText).join(", ")}]`;
    case "union":
      return type.members.map(typeText).join(" | ");
    case "object":
      if (type.index) return `{ [key: string]: ${typeText(type.index)} }`;
      return `{ ${[...type.properties].map(([k, p]) => `${k}${p.optional ? "?" : ""}: ${typeText(p.type)}`).join("; ")} }`;
  }
}

function schemaOf(spec: DiscordSpec, type: TypeExpression): SpecSchema {
  switch (type.kind) {
    case "name": {
      const schema = spec.schemas.get(type.name);
      if (!schema) throw new Error(`discord-api-spec has no schema ${type.name}Schema`);
      return schema;
    }
    case "keyword":
      switch (type.name) {
        case "string":
          return z.string();
        case "number":
          return z.number();
        case "boolean":
          return z.boolean();
        case "null":
          return z.null();
        case "undefined":
        case "never":
          return z.undefined();
        default:
          return z.unknown();
      }
    case "literal":
      return z.literal(type.value);
    case "array":
      return z.array(schemaOf(spec, type.element));
    case "tuple":
      return z.tuple(type.elements.map((e) => schemaOf(spec, e)) as [SpecSchema, ...SpecSchema[]]);
    case "union":
      return z.union(type.members.map((m) => schemaOf(spec, m)));
    case "object": {
      if (type.index) {
        if (type.properties.size > 0) throw new Error("an object type with both properties and an index");
        return z.record(z.string(), schemaOf(spec, type.index));
      }
      const shape: Record<string, SpecSchema> = {};
      for (const [key, property] of type.properties) {
        const schema = schemaOf(spec, property.type);
        shape[key] = property.optional ? z.optional(schema) : schema;
      }
      return z.strictObject(shape);
    }
  }
}

function property(type: TypeExpression | undefined, key: string): TypeExpression | undefined {
  return type?.kind === "object" ? type.properties.get(key)?.type : undefined;
}

function bodyOf(spec: DiscordSpec, type: TypeExpression | undefined): SpecBody | null {
  if (!type || (type.kind === "keyword" && ["undefined", "unknown", "never"].includes(type.name)))
    return null;
  return { schema: schemaOf(spec, type), type: typeText(type) };
}

interface Template {
  path: string;
  segments: string[];
  literals: number;
}

/** Finds and builds operations; each one is built on first use. */
export class SpecOperations {
  readonly #spec: DiscordSpec;
  readonly #templates: Template[];
  readonly #built = new Map<string, SpecOperation>();

  constructor(spec: DiscordSpec = discordSpec()) {
    this.#spec = spec;
    const paths = spec.paths.kind === "object" ? [...spec.paths.properties.keys()] : [];
    this.#templates = paths.map((path) => {
      const segments = path.split("/").filter(Boolean);
      return { path, segments, literals: segments.filter((s) => !s.startsWith("{")).length };
    });
  }

  /** The operation that a request to a concrete path (without /api/v10) is, or null when none is. */
  find(method: string, path: string): SpecOperation | null {
    const segments = path.split("/").filter(Boolean);
    const lower = method.toLowerCase();
    let best: Template | null = null;
    for (const template of this.#templates) {
      if (template.segments.length !== segments.length) continue;
      if (!template.segments.every((t, i) => t.startsWith("{") || t === segments[i])) continue;
      if (!property(property(this.#spec.paths, template.path), lower)) continue;
      if (!best || template.literals > best.literals) best = template;
    }
    return best ? this.#operation(lower, best.path) : null;
  }

  #operation(method: string, path: string): SpecOperation {
    const id = `${method.toUpperCase()} ${path}`;
    const cached = this.#built.get(id);
    if (cached) return cached;
    const operation = property(property(this.#spec.paths, path), method);
    const responses = new Map<string, SpecBody | null>();
    const answers = property(operation, "responses");
    if (answers?.kind === "object")
      for (const [status, answer] of answers.properties)
        responses.set(status, bodyOf(this.#spec, answer.type));
    const built = { id, request: bodyOf(this.#spec, property(operation, "requestBody")), responses };
    this.#built.set(id, built);
    return built;
  }
}
