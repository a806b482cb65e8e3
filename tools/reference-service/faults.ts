/** Failure injection of the reference service: what the next requests are answered with. */

export type InjectedFault =
  | "500" /** INTERNAL_SERVER_ERROR */
  | "503" /** SERVICE_UNAVAILABLE, with Retry-After */
  | "429" /** REQUESTS_EXCEEDED, with Retry-After */
  | "quota" /** 429 IMAGE_ERROR "Cannot create more images" */
  | "502-html" /** a proxy's HTML error page */
  | "hang"; /** never answers (the client's timeout must fire) */

export interface FaultSettings {
  /** Faults for the next requests, first one first (each used once). */
  queue: InjectedFault[];
  /** Share (0-1) of requests answered 500 at random. */
  errorRate: number;
  /** Delay before every affected answer, ms (given up when the client goes away). */
  delayMs: number;
  /** `Retry-After` seconds sent with 429 and 503. */
  retryAfterSeconds: number;
  /** Only requests whose `METHOD /path` matches are affected, by faults and delay (default: all API requests). */
  match: RegExp | null;
}

/** No faults: nothing queued, no errors, no delay. */
export function defaultFaults(): FaultSettings {
  return { queue: [], errorRate: 0, delayMs: 0, retryAfterSeconds: 1, match: null };
}

/** Whether failure injection applies to this request (`METHOD /path`): `match` is unset or matches. */
export function isAffected(settings: FaultSettings, request: string): boolean {
  if (!settings.match) return true;
  // A `g` or `y` flag would otherwise carry `lastIndex` from one request to the next.
  settings.match.lastIndex = 0;
  return settings.match.test(request);
}

/** The fault for an affected request, if any (consumes one queued fault). */
export function nextFault(settings: FaultSettings, random: () => number): InjectedFault | null {
  const queued = settings.queue.shift();
  if (queued) return queued;
  return settings.errorRate > 0 && random() < settings.errorRate ? "500" : null;
}

/** Status, headers and body of an injected fault. */
export function faultResponse(
  fault: Exclude<InjectedFault, "hang">,
  retryAfterSeconds: number,
): { status: number; headers: Record<string, string>; body: string } {
  const json = (status: number, code: string, message: string, headers: Record<string, string> = {}) => ({
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify({ errors: [{ message, extensions: { code } }] }),
  });
  switch (fault) {
    case "500":
      return json(500, "INTERNAL_SERVER_ERROR", "An unexpected error occurred.");
    case "503":
      return json(503, "SERVICE_UNAVAILABLE", "Service is temporarily unavailable.", {
        "retry-after": String(retryAfterSeconds),
      });
    case "429":
      return json(429, "REQUESTS_EXCEEDED", "Too many requests, retry after " + retryAfterSeconds + "s.", {
        "retry-after": String(retryAfterSeconds),
      });
    case "quota":
      return json(
        429,
        "IMAGE_ERROR",
        "Cannot create more images. Upgrade your plan or wait for the next period.",
      );
    case "502-html":
      return {
        status: 502,
        headers: { "content-type": "text/html" },
        body: "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>",
      };
  }
}
