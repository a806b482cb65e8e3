/**
 * The one pino logger. Child loggers carry `interactionId`, `jobId`, `userId`.
 * Pretty output only on a TTY; JSON otherwise. Secrets are redacted by key, and known secret values are
 * scrubbed from any string (see {@link registerSecret}).
 */
import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger };

const secrets = new Set<string>();

/** Registers a secret value (token, webhook secret) so it never appears in a log line. */
export function registerSecret(value: string | undefined): void {
  if (value && value.length >= 6) secrets.add(value);
}

/** Interaction tokens travel in URL paths: `/webhooks/{app}/{token}`, `/interactions/{id}/{token}`. */
const TOKEN_IN_PATH = /\/(webhooks|interactions)\/(\d+)\/[A-Za-z0-9._~%-]{20,}/g;

/** Replaces every registered secret and every interaction token in a URL path of `text` with `[redacted]`. */
export function scrubSecrets(text: string): string {
  let out = text.replace(TOKEN_IN_PATH, "/$1/$2/[redacted]");
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join("[redacted]");
  return out;
}

const REDACT_PATHS = [
  "token",
  "*.token",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.headers.authorization",
  "interactionToken",
  "*.interactionToken",
  "secret",
  "*.secret",
];

export interface CreateLoggerOptions {
  level?: string;
  pretty?: boolean;
  /** Where lines go (tests pass a stream to read them back). Default: stdout. */
  destination?: pino.DestinationStream;
}

/** Creates the root logger. */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const base: LoggerOptions = {
    level: options.level ?? "info",
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    hooks: {
      streamWrite: (line) => scrubSecrets(line),
    },
    serializers: { err: pino.stdSerializers.err },
  };
  if (options.destination) return pino(base, options.destination);
  if (options.pretty) {
    return pino({
      ...base,
      transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss.l" } },
    });
  }
  return pino(base);
}

/** A logger that writes nothing, for tests and tools that don't log. */
export const silentLogger: Logger = pino({ level: "silent" });
