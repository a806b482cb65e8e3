/**
 * The log of every REST request the bot made, with the emulator's answer, so tests can assert that the
 * bot made no request Discord would reject.
 */
import type { FormErrorTree } from "./api-error.js";

/** One request and its outcome. */
export interface RequestRecord {
  method: string;
  /** The path without the /api(/v10) prefix, e.g. `/channels/123/messages`. */
  path: string;
  /** The matched route template, e.g. `/channels/:channel/messages` ("" if none matched). */
  route: string;
  status: number;
  /** Discord's JSON error code for error responses, else null. */
  code: number | null;
  message: string | null;
  errors: FormErrorTree | null;
  /** The request's JSON body (or payload_json). */
  body: unknown;
  /** Names of uploaded files. */
  files: string[];
  /** Emulator-clock ms when it arrived. */
  at: number;
  /** Real ms since 1970 when it arrived. */
  realAt: number;
  /** Answered by fault injection, not by the rules. */
  injected: boolean;
  /** Answered 429 by a real (not injected) rate limit. */
  rateLimited: boolean;
  /** What the operation's schema in Discord's API description refuses, e.g. `request: foo: unknown key`. */
  schemaIssues: string[];
}

/** Describes a request briefly, e.g. `POST /channels/1/messages -> 400 50035 Invalid Form Body {...}`. */
export function describeRequest(r: RequestRecord): string {
  const outcome = r.code !== null ? `${r.status} ${r.code} ${r.message ?? ""}` : String(r.status);
  const errors = r.errors ? ` ${JSON.stringify(r.errors)}` : "";
  const schema = r.schemaIssues.length > 0 ? ` schema: ${r.schemaIssues.join("; ")}` : "";
  return `${r.method} ${r.path} -> ${outcome}${errors}${r.injected ? " (injected)" : ""}${schema}`;
}
