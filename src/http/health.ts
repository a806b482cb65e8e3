/**
 * `GET /healthz`: runs the bot's health checks and turns them into a 200 or 503 answer for Docker and
 * orchestrators.
 */
import { errorMessage } from "../errors.js";

/** One named check (e.g. `gateway`, `store`, `service`). */
export interface HealthCheck {
  name: string;
  ok: boolean;
  /** Why it failed (or a short note when it passed); shown in the answer, so never a secret. */
  detail?: string;
}

/** What the bot's `health()` returns. */
export interface HealthReport {
  checks: HealthCheck[];
}

/** The JSON body of `/healthz`. */
export type HealthBody =
  { status: "ok"; checks: HealthCheck[] } | { status: "unhealthy"; checks: HealthCheck[]; reasons: string[] };

/** The `/healthz` answer: 200 when every check passed, else 503 with the reasons. */
export interface HealthAnswer {
  statusCode: 200 | 503;
  body: HealthBody;
}

/** How long `health()` may take before `/healthz` answers 503. */
export const HEALTH_TIMEOUT_MS = 5000;

class HealthTimeout extends Error {}

/**
 * Runs `health()` (at most `timeoutMs`) and builds the answer. A `health()` that throws, hangs or returns
 * something that is not a {@link HealthReport} makes the answer 503 with that as the reason.
 */
export async function evaluateHealth(
  health: () => Promise<HealthReport>,
  timeoutMs: number = HEALTH_TIMEOUT_MS,
): Promise<HealthAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HealthTimeout()), timeoutMs);
    timer.unref();
  });
  let report: unknown;
  try {
    report = await Promise.race([Promise.resolve().then(health), timeout]);
  } catch (err) {
    const reason =
      err instanceof HealthTimeout
        ? `health checks did not answer within ${timeoutMs} ms`
        : `health checks failed: ${errorMessage(err)}`;
    return unhealthy([], [reason]);
  } finally {
    clearTimeout(timer);
  }
  const checks = readChecks(report);
  if (checks === undefined) return unhealthy([], ["health checks returned a malformed report"]);
  const reasons = checks
    .filter((check) => !check.ok)
    .map((check) => `${check.name}: ${check.detail ?? "failed"}`);
  if (reasons.length > 0) return unhealthy(checks, reasons);
  return { statusCode: 200, body: { status: "ok", checks } };
}

function unhealthy(checks: HealthCheck[], reasons: string[]): HealthAnswer {
  return { statusCode: 503, body: { status: "unhealthy", checks, reasons } };
}

/** Copies the checks out of a report (only the documented fields), or undefined when it is malformed. */
function readChecks(report: unknown): HealthCheck[] | undefined {
  if (typeof report !== "object" || report === null) return undefined;
  const checks: unknown = (report as { checks?: unknown }).checks;
  if (!Array.isArray(checks)) return undefined;
  const copied: HealthCheck[] = [];
  for (const check of checks as unknown[]) {
    if (typeof check !== "object" || check === null) return undefined;
    const { name, ok, detail } = check as Record<string, unknown>;
    if (typeof name !== "string" || typeof ok !== "boolean") return undefined;
    if (detail !== undefined && typeof detail !== "string") return undefined;
    copied.push(detail === undefined ? { name, ok } : { name, ok, detail });
  }
  return copied;
}
