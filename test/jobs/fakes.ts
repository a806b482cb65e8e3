import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../src/logger.js";
import { ServiceError, type ServiceErrorKind } from "../../src/service/errors.js";
import type { ImageRecord } from "../../src/service/schema.js";
import type { ManualClock } from "./manual-clock.js";

/** A normalised image record with the given status and progress. */
export function imageRecord(id: string, status: string, progress: number | null = null): ImageRecord {
  const completed = status === "completed";
  return {
    id,
    prompt: "a cat",
    results: completed ? "file-1" : null,
    user_created: "user-1",
    date_created: "2024-01-01T00:00:00.000Z",
    status,
    progress,
    url: completed || (progress ?? 0) > 0 ? `https://cdn.example/${id}/${progress ?? "grid"}.png` : null,
    error: status === "failed" ? "Midjourney message: banned prompt" : null,
    upscaled_urls: completed
      ? ["u1", "u2", "u3", "u4"].map((u) => `https://cdn.example/${id}/${u}.png`)
      : null,
    upscaled: [],
    ref: null,
    parent_id: null,
  };
}

/** A service error of the given kind. */
export function serviceError(kind: ServiceErrorKind, retryAfterMs?: number): ServiceError {
  return new ServiceError(kind, `fake ${kind}`, retryAfterMs === undefined ? {} : { retryAfterMs });
}

/** One answer of the fake service: a record, or an error to throw. */
export type Answer = ImageRecord | Error;

/**
 * A fake `getImage` answering each id from its script, one answer per call; the last answer repeats.
 * Records every call with its time, and how many calls were running at once.
 */
export class FakeImageService {
  readonly calls: Array<{ id: string; at: number }> = [];
  running = 0;
  maxRunning = 0;

  constructor(
    private readonly clock: ManualClock,
    private readonly scripts: Map<string, Answer[]> = new Map(),
    /** Manual time one answer takes. */
    private readonly latencyMs = 0,
  ) {}

  script(id: string, answers: Answer[]): this {
    this.scripts.set(id, answers);
    return this;
  }

  /** Times of the calls for `id`. */
  callTimes(id: string): number[] {
    return this.calls.filter((c) => c.id === id).map((c) => c.at);
  }

  readonly getImage = async (id: string): Promise<ImageRecord> => {
    this.calls.push({ id, at: this.clock.now() });
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      if (this.latencyMs > 0) await this.clock.sleep(this.latencyMs);
      const script = this.scripts.get(id) ?? [imageRecord(id, "in-progress", 10)];
      const answer = (script.length > 1 ? script.shift() : script[0]) as Answer;
      if (answer instanceof Error) throw answer;
      return answer;
    } finally {
      this.running--;
    }
  };
}

/** Differences between consecutive numbers. */
export function gaps(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - (times[i] as number));
}

/** A logger whose JSON lines are kept in `lines`. */
export function capturingLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ level: "debug", destination }), lines };
}
