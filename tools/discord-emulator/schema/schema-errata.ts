/**
 * Where Discord's API description and Discord itself disagree, and what the emulator does there. Each
 * entry drops the matching issues; the list stays short and each entry says why.
 */
import type { SchemaIssue } from "./schema-issue.js";

interface Erratum {
  /** Operations it applies to, e.g. /^PUT \/applications\//. */
  operation: RegExp;
  /** The issue's path joined with dots, e.g. /^\d+\.default_member_permissions$/. */
  path: RegExp;
  kind: SchemaIssue["kind"];
  /** The value at the path that the erratum allows. */
  allows(value: unknown): boolean;
}

const ERRATA: readonly Erratum[] = [
  {
    // The request schemas type it as a number; Discord's documentation (and the description's own
    // command objects) make it a string of permission bits, which discord.js sends. The emulator's command
    // rules require the string.
    // @see https://discord.com/developers/docs/interactions/application-commands#application-command-object
    operation: /^(PUT|POST|PATCH) \/applications\//,
    path: /^(\d+\.)?default_member_permissions$/,
    kind: "wrong-type",
    allows: (value) => typeof value === "string" && /^\d+$/.test(value),
  },
];

function valueAt(body: unknown, path: readonly (string | number)[]): unknown {
  let node = body;
  for (const key of path) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** The issues that no erratum allows. */
export function withoutErrata(operation: string, body: unknown, issues: SchemaIssue[]): SchemaIssue[] {
  return issues.filter((issue) => {
    const path = issue.path.join(".");
    return !ERRATA.some(
      (e) =>
        e.kind === issue.kind &&
        e.operation.test(operation) &&
        e.path.test(path) &&
        e.allows(valueAt(body, issue.path)),
    );
  });
}

/**
 * Operations Discord documents (and serves) that its API description lacks: their bodies cannot be checked
 * against it, so the emulator's own route checks them instead.
 */
const UNDESCRIBED_OPERATIONS: readonly RegExp[] = [
  // @see https://discord.com/developers/docs/reference#signed-attachment-cdn-urls
  /^POST \/attachments\/refresh-urls$/,
];

/** Whether `method path` is one of {@link UNDESCRIBED_OPERATIONS}. */
export function isUndescribedOperation(method: string, path: string): boolean {
  return UNDESCRIBED_OPERATIONS.some((operation) => operation.test(`${method} ${path}`));
}
