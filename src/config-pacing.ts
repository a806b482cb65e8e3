/**
 * How an owner writes one server's pacing (IMAGINE_API_DAILY_LIMIT_N, IMAGINE_API_REST_HOURS_N,
 * IMAGINE_API_MIN_GAP_MS_N), read by the configuration; the pool's pacer (`src/pool/account-health/pacing.ts`)
 * applies it.
 */

/** Rest hours: from `from` to `to` (minutes after midnight; `to < from` wraps past midnight) in `timeZone`. */
export interface RestHours {
  readonly from: number;
  readonly to: number;
  /** An IANA time zone, e.g. `Europe/Berlin`; `UTC` when the variable names none. */
  readonly timeZone: string;
}

/** One server's pacing, every part optional (unset: no limit of that kind). */
export interface PacingPolicy {
  /** Most creates in any rolling 24 hours. */
  readonly dailyLimit?: number;
  readonly restHours?: RestHours;
  /** Least time between two creates, ms; each gap gets up to half as much again at random. */
  readonly minGapMs?: number;
}

/** `HH:MM-HH:MM` with an optional IANA zone after a space: `01:00-07:00 Europe/Berlin`. */
const REST_HOURS = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})(?:\s+(\S+))?$/;

/** Whether `zone` is a time zone this Node knows. */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Parses `01:00-07:00 Europe/Berlin`; a sentence saying what is wrong when it cannot. */
export function parseRestHours(text: string): RestHours | string {
  const match = REST_HOURS.exec(text.trim());
  if (!match) return `must be HH:MM-HH:MM with an optional time zone, e.g. "01:00-07:00 Europe/Berlin"`;
  const [, h1, m1, h2, m2, zone = "UTC"] = match;
  const from = Number(h1) * 60 + Number(m1);
  const to = Number(h2) * 60 + Number(m2);
  if (Number(h1) > 23 || Number(h2) > 24 || Number(m1) > 59 || Number(m2) > 59 || to > 24 * 60)
    return "has an hour or minute out of range (hours 00-24, minutes 00-59)";
  if (from === to) return "starts and ends at the same time: leave it unset for no rest hours";
  if (!knownZone(zone))
    return `names a time zone this system does not know (${zone}); use e.g. Europe/Berlin or UTC`;
  return { from, to, timeZone: zone };
}
