/**
 * The ImagineAPI servers of the pool, from the environment: server 1 is `IMAGINE_API_URL` /
 * `IMAGINE_API_TOKEN`, more are `IMAGINE_API_URL_2` / `IMAGINE_API_TOKEN_2` up to `_16`, each with an optional
 * `IMAGINE_API_NAME[_N]` and `IMAGINE_API_SLOTS[_N]`, and its account's pacing: `IMAGINE_API_DAILY_LIMIT[_N]`,
 * `IMAGINE_API_REST_HOURS[_N]`, `IMAGINE_API_MIN_GAP_MS[_N]` (`src/pool/account-health/pacing.ts`). Pure: `src/config.ts` hands in the environment, and
 * every problem comes back as a line naming its variable.
 */
import { parseRestHours, type PacingPolicy } from "./config-pacing.js";

/** Most servers one bot drives. */
export const MAX_IMAGINE_SERVERS = 16;

/**
 * Jobs one server runs at once unless `IMAGINE_API_SLOTS[_N]` says otherwise: a Midjourney account on the
 * Basic or Standard plan runs 3 fast jobs at once (Pro and Mega: 12); more would wait in Midjourney's own
 * queue or be refused (midjourney-facts.md, "One account's capacity").
 */
export const DEFAULT_SERVER_SLOTS = 3;

/** Most slots one server may be given (a Pro/Mega account runs 12; more leaves room for relax jobs). */
export const MAX_SERVER_SLOTS = 100;

/** One ImagineAPI server of the pool, as configured. */
export interface ImagineServerConfig {
  /** 1 for `IMAGINE_API_URL`, N for `IMAGINE_API_URL_N`. */
  readonly number: number;
  /** Shown to moderators, labels metrics and log lines, and recorded with each job. */
  readonly name: string;
  /** Base URL without a trailing slash. */
  readonly url: string;
  readonly token: string;
  /** Jobs it runs at once; the rest wait in the bot. */
  readonly slots: number;
  /** Whether `IMAGINE_API_SLOTS[_N]` was given (one server without it queues nothing in the bot). */
  readonly slotsGiven: boolean;
  /** How its Midjourney account is paced: daily budget, rest hours, least gap; each unset by default. */
  readonly pacing: PacingPolicy;
}

/** Largest daily budget of creates one account may be given. */
export const MAX_DAILY_LIMIT = 100_000;
/** Longest least gap between two creates (one hour). */
export const MAX_MIN_GAP_MS = 3_600_000;

type Env = Record<string, string | undefined>;

/** The variable `base` of server `n`: `IMAGINE_API_URL` for 1, `IMAGINE_API_URL_2` for 2. */
export function serverVariable(base: string, n: number): string {
  return n === 1 ? base : `${base}_${n}`;
}

const NUMBERED = /^IMAGINE_API_(URL|TOKEN|NAME|SLOTS|DAILY_LIMIT|REST_HOURS|MIN_GAP_MS)_(\d+)$/;

function value(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === undefined || v === "" ? undefined : v;
}

/** The URL without a trailing slash, or null when it is not an absolute http(s) URL. */
function httpUrl(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return text.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

function slotsOf(env: Env, n: number, problems: string[]): number {
  const name = serverVariable("IMAGINE_API_SLOTS", n);
  const text = value(env, name);
  if (text === undefined) return DEFAULT_SERVER_SLOTS;
  const slots = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(slots) || slots < 1 || slots > MAX_SERVER_SLOTS) {
    problems.push(
      `${name} must be a whole number from 1 to ${MAX_SERVER_SLOTS}: the jobs that server runs at once (got ${JSON.stringify(text)})`,
    );
  }
  return slots;
}

function wholeNumberOf(
  env: Env,
  name: string,
  max: number,
  what: string,
  problems: string[],
): number | undefined {
  const text = value(env, name);
  if (text === undefined) return undefined;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    problems.push(`${name} must be a whole number from 1 to ${max}: ${what} (got ${JSON.stringify(text)})`);
    return undefined;
  }
  return n;
}

/** Server `n`'s pacing; every problem named by its variable. */
function pacingOf(env: Env, n: number, problems: string[]): PacingPolicy {
  const dailyLimit = wholeNumberOf(
    env,
    serverVariable("IMAGINE_API_DAILY_LIMIT", n),
    MAX_DAILY_LIMIT,
    "the most images that server's account makes in any 24 hours",
    problems,
  );
  const minGapMs = wholeNumberOf(
    env,
    serverVariable("IMAGINE_API_MIN_GAP_MS", n),
    MAX_MIN_GAP_MS,
    "the least time between two of that server's jobs, in ms",
    problems,
  );
  const restVar = serverVariable("IMAGINE_API_REST_HOURS", n);
  const restText = value(env, restVar);
  const rest = restText === undefined ? undefined : parseRestHours(restText);
  if (typeof rest === "string") problems.push(`${restVar} ${rest} (got ${JSON.stringify(restText)})`);
  return {
    ...(dailyLimit === undefined ? {} : { dailyLimit }),
    ...(minGapMs === undefined ? {} : { minGapMs }),
    ...(rest === undefined || typeof rest === "string" ? {} : { restHours: rest }),
  };
}

function nameOf(env: Env, n: number, url: string | null, problems: string[]): string {
  const variable = serverVariable("IMAGINE_API_NAME", n);
  const given = value(env, variable);
  if (given !== undefined) {
    if (given.length > 40 || !/^[\p{L}\p{N} ._-]+$/u.test(given)) {
      problems.push(
        `${variable} must be 1-40 letters, digits, spaces, dots, dashes or underscores (got ${JSON.stringify(given)})`,
      );
    }
    return given;
  }
  return url === null ? `server ${n}` : new URL(url).host;
}

/** The numbers N of every `IMAGINE_API_*_N` variable set, with the variables, to find gaps and strays. */
function numberedVariables(env: Env): Map<number, string[]> {
  const found = new Map<number, string[]>();
  for (const key of Object.keys(env)) {
    const match = NUMBERED.exec(key);
    if (!match || value(env, key) === undefined) continue;
    const n = Number(match[2]);
    found.set(n, [...(found.get(n) ?? []), key]);
  }
  return found;
}

/**
 * Reads the pool's servers from `env`. Server 1's URL and token are checked by the main schema (they are
 * required); here only its name and slots are. Returns the servers and every problem found, each naming
 * its variable (a token never shown).
 */
export function parseServers(env: Env): { servers: ImagineServerConfig[]; problems: string[] } {
  const problems: string[] = [];
  const numbered = numberedVariables(env);
  for (const [n, keys] of numbered) {
    if (n < 2 || n > MAX_IMAGINE_SERVERS) {
      problems.push(
        `${keys.sort().join(", ")}: servers are numbered 2 to ${MAX_IMAGINE_SERVERS} (server 1 is IMAGINE_API_URL / IMAGINE_API_TOKEN without a number)`,
      );
    }
  }
  const firstUrl = value(env, "IMAGINE_API_URL");
  const servers: ImagineServerConfig[] = [
    {
      number: 1,
      url: httpUrl(firstUrl ?? "") ?? "",
      token: value(env, "IMAGINE_API_TOKEN") ?? "",
      name: nameOf(env, 1, httpUrl(firstUrl ?? ""), problems),
      slots: slotsOf(env, 1, problems),
      slotsGiven: value(env, "IMAGINE_API_SLOTS") !== undefined,
      pacing: pacingOf(env, 1, problems),
    },
  ];
  let gapAt: number | null = null;
  for (let n = 2; n <= MAX_IMAGINE_SERVERS; n++) {
    const urlVar = serverVariable("IMAGINE_API_URL", n);
    const tokenVar = serverVariable("IMAGINE_API_TOKEN", n);
    const urlText = value(env, urlVar);
    const token = value(env, tokenVar);
    if (urlText === undefined && token === undefined) {
      const strays = numbered.get(n);
      if (strays) problems.push(`${strays.sort().join(", ")} set, but ${urlVar} and ${tokenVar} are not`);
      gapAt ??= n;
      continue;
    }
    if (gapAt !== null) {
      problems.push(
        `${urlVar} is set but ${serverVariable("IMAGINE_API_URL", gapAt)} is not: number the servers 2, 3, ... without a gap`,
      );
    }
    if (urlText === undefined)
      problems.push(`${urlVar} is missing: ${tokenVar} is set without its server's URL`);
    if (token === undefined) problems.push(`${tokenVar} is missing: ${urlVar} is set without its API token`);
    const url = urlText === undefined ? null : httpUrl(urlText);
    if (urlText !== undefined && url === null) {
      problems.push(
        `${urlVar} must be an http(s) URL, e.g. https://imagine.example.com (got ${JSON.stringify(urlText)})`,
      );
    }
    servers.push({
      number: n,
      url: url ?? "",
      token: token ?? "",
      name: nameOf(env, n, url, problems),
      slots: slotsOf(env, n, problems),
      slotsGiven: value(env, serverVariable("IMAGINE_API_SLOTS", n)) !== undefined,
      pacing: pacingOf(env, n, problems),
    });
  }
  const seen = new Map<string, number>();
  for (const server of servers) {
    const first = seen.get(server.name.toLowerCase());
    if (first === undefined) seen.set(server.name.toLowerCase(), server.number);
    else {
      problems.push(
        `${serverVariable("IMAGINE_API_NAME", server.number)}: server ${server.number} is named ${JSON.stringify(server.name)} like server ${first}; give each server its own name`,
      );
    }
  }
  return { servers, problems };
}
