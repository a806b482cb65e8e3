/**
 * A small path router for the REST routes: `:name` segments become params; segments are URL-decoded so
 * `%40original` reaches handlers as `@original`.
 */
import type { UploadedFile } from "../validation/message-payload.js";
import type { BucketKind } from "./rate-limits.js";

/** HTTP methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a handler receives. */
export interface RouteRequest {
  method: HttpMethod;
  /** The path without the /api(/v10) prefix. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body (or `payload_json`), undefined when none was sent. */
  body: unknown;
  files: UploadedFile[];
}

/** What a handler returns (errors are thrown as DiscordApiError). */
export interface RouteResponse {
  status: number;
  body?: unknown;
}

/** One REST route. */
export interface RouteDefinition {
  method: HttpMethod;
  /** E.g. `/channels/:channel/messages/:message`. */
  path: string;
  /** "bot": needs `Authorization: Bot <token>`; "none": authorised by the token in the path. */
  auth: "bot" | "none";
  bucket: BucketKind;
  /** The param that is the rate-limit major parameter. */
  major?: string;
  /** Whether the request counts against the global limit (default: bot-authorised routes). */
  countsGlobal?: boolean;
  handler(request: RouteRequest): RouteResponse | Promise<RouteResponse>;
}

/** The result of matching a path. */
export type RouteMatch =
  | { kind: "found"; route: RouteDefinition; params: Record<string, string> }
  | { kind: "method-not-allowed" }
  | { kind: "not-found" };

function matchPath(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? "";
    const s = segments[i] ?? "";
    if (p.startsWith(":")) params[p.slice(1)] = s;
    else if (p !== s) return null;
  }
  return params;
}

/** Matches requests against a route table. */
export class Router {
  readonly #routes: { route: RouteDefinition; pattern: string[] }[];

  constructor(routes: RouteDefinition[]) {
    this.#routes = routes.map((route) => ({ route, pattern: route.path.split("/").filter(Boolean) }));
  }

  /** Finds the route for a method and path. */
  match(method: string, path: string): RouteMatch {
    let segments: string[];
    try {
      segments = path.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      return { kind: "not-found" };
    }
    let pathMatched = false;
    for (const { route, pattern } of this.#routes) {
      const params = matchPath(pattern, segments);
      if (!params) continue;
      pathMatched = true;
      if (route.method === method) return { kind: "found", route, params };
    }
    return pathMatched ? { kind: "method-not-allowed" } : { kind: "not-found" };
  }
}
