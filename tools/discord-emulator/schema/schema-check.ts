/**
 * Checks request bodies and answers against the operation's schema in Discord's API description (strict:
 * an unknown key is an error) and says what is wrong where, e.g. `data.embeds.0.colour: unknown key`.
 */
import { FormErrors } from "../rest/api-error.js";
import { withoutErrata, isUndescribedOperation } from "./schema-errata.js";
import type { SchemaIssue } from "./schema-issue.js";
import { SpecOperations, type SpecBody } from "./spec-operations.js";

export type { SchemaIssue, SchemaIssueKind } from "./schema-issue.js";

/** The outcome of checking one body. */
export interface SchemaCheckResult {
  /** E.g. `POST /channels/{channel_id}/messages`. */
  operation: string;
  /** The type checked against, e.g. `MessageCreateRequest`. */
  type: string;
  issues: SchemaIssue[];
}

/** The parts of a Zod issue read here. */
interface RawIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  errors?: RawIssue[][];
  issues?: RawIssue[];
  expected?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  values?: unknown[];
  format?: string;
}

type Path = (string | number)[];

function keyOf(key: PropertyKey): string | number {
  return typeof key === "number" ? key : String(key);
}

/** Whether `path` names a key that the body does not have (as opposed to a present value of another type). */
function isAbsent(body: unknown, path: Path): boolean {
  let node = body;
  for (const [i, key] of path.entries()) {
    if (typeof node !== "object" || node === null) return false;
    if (i === path.length - 1) return !Object.hasOwn(node, key);
    node = (node as Record<string | number, unknown>)[key];
  }
  return false;
}

/**
 * A variant of another JSON type than the value (`null` for an array), or whose `type` differs from the
 * value's, is not the one the sender meant: its issues would say nothing useful.
 */
function isOtherVariant(issues: RawIssue[]): boolean {
  return issues.some(
    (i) =>
      (i.code === "invalid_type" && i.path.length === 0) ||
      (i.code === "invalid_value" && i.path.length === 1 && i.path[0] === "type"),
  );
}

function flatten(issue: RawIssue, prefix: Path, body: unknown, out: SchemaIssue[]): void {
  const path = [...prefix, ...issue.path.map(keyOf)];
  switch (issue.code) {
    case "unrecognized_keys":
      for (const key of issue.keys ?? [])
        out.push({ path: [...path, key], kind: "unknown-key", detail: "unknown key" });
      return;
    case "invalid_union": {
      const variants = (issue.errors ?? []).filter((v) => !isOtherVariant(v));
      if (variants.length === 0) {
        out.push({ path, kind: "no-variant", detail: "matches none of the variants" });
        return;
      }
      const closest = variants.reduce((best, v) => (v.length < best.length ? v : best));
      for (const inner of closest) flatten(inner, path, body, out);
      return;
    }
    case "invalid_element":
    case "invalid_key":
      for (const inner of issue.issues ?? []) flatten(inner, path, body, out);
      return;
    case "invalid_type":
      if (isAbsent(body, path))
        out.push({ path, kind: "missing", detail: `required (${issue.expected ?? "a value"})` });
      else out.push({ path, kind: "wrong-type", detail: `expected ${issue.expected ?? "another type"}` });
      return;
    case "too_big":
      out.push({
        path,
        kind: "value",
        detail: `too big: maximum ${String(issue.maximum)} (${issue.origin ?? ""})`,
      });
      return;
    case "too_small":
      out.push({
        path,
        kind: "value",
        detail: `too small: minimum ${String(issue.minimum)} (${issue.origin ?? ""})`,
      });
      return;
    case "invalid_value":
      if (isAbsent(body, path)) {
        out.push({
          path,
          kind: "missing",
          detail: `required (one of ${JSON.stringify(issue.values ?? [])})`,
        });
        return;
      }
      out.push({ path, kind: "value", detail: `not one of ${JSON.stringify(issue.values ?? [])}` });
      return;
    default:
      out.push({ path, kind: "value", detail: issue.format ? `not a valid ${issue.format}` : issue.message });
  }
}

function check(body: unknown, expected: SpecBody | null): SchemaIssue[] {
  if (!expected)
    return body === undefined ? [] : [{ path: [], kind: "unknown-key", detail: "no body is documented" }];
  const result = expected.schema.safeParse(body);
  if (result.success) return [];
  const out: SchemaIssue[] = [];
  for (const issue of result.error.issues as unknown as RawIssue[]) flatten(issue, [], body, out);
  return out;
}

/** The status key an answer is documented under: `"200"`, else `"4XX"`. */
function statusKey(responses: ReadonlyMap<string, SpecBody | null>, status: number): string | null {
  const exact = String(status);
  if (responses.has(exact)) return exact;
  const range = `${exact[0] ?? ""}XX`;
  return responses.has(range) ? range : null;
}

/** Describes an issue, e.g. `data.content: too big: maximum 2000 (string)`. */
export function describeIssue(issue: SchemaIssue): string {
  return `${issue.path.length > 0 ? issue.path.join(".") : "(body)"}: ${issue.detail}`;
}

/**
 * The 400 50035 Invalid Form Body tree for the issues that no rule of the emulator handles itself: unknown
 * keys (Discord ignores them; the emulator refuses them so a test sees them) and missing required fields.
 */
export function formErrorsFor(issues: readonly SchemaIssue[]): FormErrors {
  const errors = new FormErrors();
  for (const issue of issues) {
    if (issue.kind === "missing") errors.required(issue.path);
    else if (issue.kind === "unknown-key")
      errors.add(issue.path, "UNKNOWN_FIELD", "Not a field of this object in Discord's API description");
  }
  return errors;
}

/** Checks requests and answers of the REST operations Discord's API description documents. */
export class SchemaCheck {
  readonly #operations: SpecOperations;

  constructor(operations: SpecOperations = new SpecOperations()) {
    this.#operations = operations;
  }

  /** Checks a request body; an operation the description lacks is an issue too. */
  request(method: string, path: string, body: unknown): SchemaCheckResult {
    const operation = this.#operations.find(method, path);
    if (!operation && isUndescribedOperation(method, path))
      return { operation: `${method} ${path}`, type: "(documented elsewhere)", issues: [] };
    if (!operation)
      return {
        operation: `${method} ${path}`,
        type: "(no operation)",
        issues: [{ path: [], kind: "no-variant", detail: "Discord's API description has no such operation" }],
      };
    return {
      operation: operation.id,
      type: operation.request?.type ?? "(no body)",
      issues: withoutErrata(operation.id, body, check(body, operation.request)),
    };
  }

  /** Checks an answer (status and JSON body, undefined when empty); null when the operation is unknown. */
  answer(method: string, path: string, status: number, body: unknown): SchemaCheckResult | null {
    const operation = this.#operations.find(method, path);
    if (!operation) return null;
    const key = statusKey(operation.responses, status);
    if (key === null)
      return {
        operation: operation.id,
        type: "(undocumented status)",
        issues: [{ path: [], kind: "no-variant", detail: `status ${status} is not documented` }],
      };
    const expected = operation.responses.get(key) ?? null;
    return { operation: operation.id, type: expected?.type ?? "(no body)", issues: check(body, expected) };
  }
}
