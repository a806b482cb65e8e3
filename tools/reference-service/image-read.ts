/**
 * Reading image records, as Directus answers: one record (`GET /items/images/:id`) or the caller's records
 * (`GET /items/images`), with `?fields=` limited to the fields the server has. A field it does not have is
 * a permission error, 403 FORBIDDEN (service-facts.md: `fields=id,ref` on a self-hosted server), and so is
 * an unknown, malformed or someone else's id: never 404.
 */
import type { ServerResponse } from "node:http";
import { directusError, sendJson } from "./directus-http.js";
import { fieldsOf, recordView, type ServiceProfile, type ServiceRecord } from "./record.js";

/** What the read routes need of the service. */
export interface ReadContext {
  profile: ServiceProfile;
  /** Every record, oldest first. */
  records(): Iterable<ServiceRecord>;
}

/** Directus' default page size of a list read. */
export const DEFAULT_LIST_LIMIT = 100;

/** Answers 403 FORBIDDEN, Directus' answer to anything the caller may not see. */
export function forbidden(res: ServerResponse): void {
  directusError(res, 403, "FORBIDDEN", "You don't have permission to access this.");
}

function invalidQuery(res: ServerResponse, message: string): void {
  directusError(res, 400, "INVALID_QUERY", message);
}

/**
 * The fields `?fields=` asks for (`fields=a,b`, repeated, or `fields[]=`), `*` for all, in the server's
 * order; null when one is not a field of this server.
 */
function requestedFields(query: URLSearchParams, profile: ServiceProfile): (keyof ServiceRecord)[] | null {
  const known = fieldsOf(profile);
  const asked = [...query.getAll("fields"), ...query.getAll("fields[]")]
    .flatMap((value) => value.split(","))
    .map((field) => field.trim())
    .filter(Boolean);
  if (asked.length === 0 || asked.includes("*")) {
    return asked.every((field) => field === "*" || known.includes(field as keyof ServiceRecord))
      ? [...known]
      : null;
  }
  if (!asked.every((field) => known.includes(field as keyof ServiceRecord))) return null;
  return known.filter((field) => asked.includes(field));
}

/** `GET /items/images/:id`: the caller's record (or undefined for any other id) in the fields asked. */
export function readImage(
  res: ServerResponse,
  record: ServiceRecord | undefined,
  query: URLSearchParams,
  context: ReadContext,
): void {
  const fields = requestedFields(query, context.profile);
  if (!fields || !record) return forbidden(res);
  sendJson(res, { data: recordView(record, context.profile, fields) });
}

/** A whole number query parameter at least `min`, its default when absent, or null when invalid. */
function wholeParam(query: URLSearchParams, name: string, min: number, fallback: number): number | null {
  const text = query.get(name);
  if (text === null) return fallback;
  const value = /^-?\d{1,9}$/.test(text.trim()) ? Number(text) : Number.NaN;
  return Number.isInteger(value) && value >= min ? value : null;
}

/** A query's `filter[<field>][_eq]=<value>` conditions (Directus' filter rules, the one operator supported). */
function equalityFilters(query: URLSearchParams): [string, string][] {
  return [...query.entries()].flatMap(([key, value]): [string, string][] => {
    const field = /^filter\[(\w+)\]\[_eq\]$/.exec(key)?.[1];
    return field === undefined ? [] : [[field, value]];
  });
}

/**
 * `GET /items/images`: the caller's records, oldest first, those matching `filter[<field>][_eq]=` (a field
 * the server lacks: 403), `?offset=` skipped, at most `?limit=` of them (default {@link DEFAULT_LIST_LIMIT},
 * -1 = all), in the fields asked.
 */
export function listImages(
  res: ServerResponse,
  user: string,
  query: URLSearchParams,
  context: ReadContext,
): void {
  const fields = requestedFields(query, context.profile);
  if (!fields) return forbidden(res);
  const limit = wholeParam(query, "limit", -1, DEFAULT_LIST_LIMIT);
  if (limit === null) return invalidQuery(res, `"limit" has to be a whole number of at least -1.`);
  const offset = wholeParam(query, "offset", 0, 0);
  if (offset === null) return invalidQuery(res, `"offset" has to be a whole number of at least 0.`);
  const filters = equalityFilters(query);
  const known = fieldsOf(context.profile);
  if (!filters.every(([field]) => known.includes(field as keyof ServiceRecord))) return forbidden(res);
  const own = [...context.records()].filter(
    (record) =>
      record.user_created === user &&
      filters.every(([field, value]) => String(record[field as keyof ServiceRecord]) === value),
  );
  const page = own.slice(offset, limit === -1 ? undefined : offset + limit);
  sendJson(res, { data: page.map((record) => recordView(record, context.profile, fields)) });
}
