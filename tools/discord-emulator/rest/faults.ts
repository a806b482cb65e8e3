/**
 * Fault injection, settable at run time: answer some requests with 500/502/503/429, or refuse them with
 * 403 Missing Permissions (what the bot's role cannot do, e.g. delete a message), delay responses,
 * drop the gateway connection. Every injected fault is marked in the request log so it never counts as
 * the bot's mistake.
 */

/** A status the emulator can inject; 403 is Discord's Missing Permissions (code 50013). */
export type FaultStatus = 403 | 429 | 500 | 502 | 503 | 504;

/**
 * Which requests a fault applies to: a substring of `"METHOD /route/:template"` or `"METHOD /actual/path"`,
 * a RegExp tested against both, or a predicate.
 */
export type RequestMatcher = string | RegExp | ((request: FaultRequest) => boolean);

/** What a matcher sees. */
export interface FaultRequest {
  method: string;
  /** The path without the /api/v10 prefix. */
  path: string;
  /** The route template, e.g. `/channels/:channel/messages`. */
  route: string;
}

/** An injected failure to send instead of handling the request. */
export interface InjectedFailure {
  status: FaultStatus;
  /** For 429s: how long the client is told to wait. */
  retryAfterMs: number;
}

interface FailureRule {
  statuses: FaultStatus[];
  share: number;
  remaining: number | null;
  match: RequestMatcher | undefined;
  retryAfterMs: number;
}

interface DelayRule {
  ms: number;
  match: RequestMatcher | undefined;
  /** Held after the request took effect (the response is late), not before it is handled. */
  afterEffect: boolean;
}

function matches(match: RequestMatcher | undefined, request: FaultRequest): boolean {
  if (match === undefined) return true;
  if (typeof match === "function") return match(request);
  const candidates = [`${request.method} ${request.route}`, `${request.method} ${request.path}`];
  return typeof match === "string"
    ? candidates.some((c) => c.includes(match))
    : candidates.some((c) => match.test(c));
}

/** Holds the active faults. */
export class FaultInjector {
  #failures: FailureRule[] = [];
  #delays: DelayRule[] = [];

  constructor(
    private readonly random: () => number,
    private readonly dropGateway: (code: number) => number,
  ) {}

  /** Answers the next `count` matching requests with `status` (default 500). */
  failNext(
    count = 1,
    options: { status?: FaultStatus; route?: RequestMatcher; retryAfterMs?: number } = {},
  ): void {
    this.#failures.push({
      statuses: [options.status ?? 500],
      share: 1,
      remaining: count,
      match: options.route,
      retryAfterMs: options.retryAfterMs ?? 200,
    });
  }

  /** Answers a share (0..1) of matching requests with one of `statuses` (default [500, 502]) until cleared. */
  failShare(
    share: number,
    options: { statuses?: FaultStatus[]; route?: RequestMatcher; retryAfterMs?: number } = {},
  ): void {
    if (!(share >= 0 && share <= 1))
      throw new RangeError(`failShare needs a share between 0 and 1, got ${share}`);
    this.#failures.push({
      statuses: options.statuses ?? [500, 502],
      share,
      remaining: null,
      match: options.route,
      retryAfterMs: options.retryAfterMs ?? 200,
    });
  }

  /** Delays responses to matching requests by `ms` until cleared. */
  delay(ms: number, options: { route?: RequestMatcher } = {}): void {
    if (!(ms >= 0)) throw new RangeError(`delay needs a non-negative number of ms, got ${ms}`);
    this.#delays.push({ ms, match: options.route, afterEffect: false });
  }

  /**
   * Handles matching requests at once but holds their responses back by `ms` until cleared: the change is
   * made (a message is posted) while the client is still waiting, as when a response is lost on the way
   * or the client dies before it arrives.
   */
  holdResponse(ms: number, options: { route?: RequestMatcher } = {}): void {
    if (!(ms >= 0)) throw new RangeError(`holdResponse needs a non-negative number of ms, got ${ms}`);
    this.#delays.push({ ms, match: options.route, afterEffect: true });
  }

  /** Closes every gateway connection (default code 4000, which clients answer by resuming); returns how many. */
  disconnectGateway(options: { code?: number } = {}): number {
    return this.dropGateway(options.code ?? 4000);
  }

  /** Removes every failure and delay rule. */
  clear(): void {
    this.#failures = [];
    this.#delays = [];
  }

  /** The failure to inject for a request, if any (consumes counted rules). */
  failureFor(request: FaultRequest): InjectedFailure | null {
    for (const rule of this.#failures) {
      if (!matches(rule.match, request)) continue;
      if (rule.remaining !== null && rule.remaining <= 0) continue;
      // One draw decides both whether to fail and which status: below `share`, spread evenly over statuses.
      const draw = rule.share < 1 ? this.random() : 0;
      if (draw >= rule.share) continue;
      if (rule.remaining !== null) rule.remaining--;
      const status = rule.statuses[Math.floor((draw / rule.share) * rule.statuses.length)] ?? 500;
      return { status, retryAfterMs: rule.retryAfterMs };
    }
    return null;
  }

  /** The total delay for a request: before it is handled, or (`afterEffect`) before its response is sent. */
  delayFor(request: FaultRequest, afterEffect = false): number {
    return this.#delays
      .filter((d) => d.afterEffect === afterEffect && matches(d.match, request))
      .reduce((sum, d) => sum + d.ms, 0);
  }
}
