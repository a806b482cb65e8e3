import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../src/logger.js";

/** A logger whose lines are kept in memory, so tests can read (or grep) what the bot logged. */
export function captureLogs(level = "debug"): { logger: Logger; lines: string[]; text(): string } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(
        ...chunk
          .toString("utf8")
          .split("\n")
          .filter((l) => l !== ""),
      );
      callback();
    },
  });
  return { logger: createLogger({ level, destination }), lines, text: () => lines.join("\n") };
}
