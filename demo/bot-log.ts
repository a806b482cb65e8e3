/**
 * The demo's bot log: every line the bot writes goes to a file beside its database, and each warning or
 * error is also told on the demo's terminal, since the bot's error messages say "the owner will find the
 * details in the log".
 */
import { appendFileSync } from "node:fs";
import type { LogLine } from "../tools/bot-process/bot-process.js";

/** pino's level of `warn`: warnings and errors are told on the terminal. */
const WARN = 40;

/** One line for the terminal: level, message, and the error's message when there is one. */
export function problemLine(line: LogLine): string {
  const level = line.level >= 50 ? "error" : "warn";
  const err = line["err"] as { message?: unknown } | undefined;
  const detail = typeof err?.message === "string" ? `: ${err.message}` : "";
  return `[bot ${level}] ${line.msg}${detail}`;
}

/**
 * Appends the bot's log lines (`logs`, growing) to `file` and passes each warning or error to `tell`, every
 * half second until the returned function is called.
 */
export function followBotLog(
  logs: readonly LogLine[],
  file: string,
  tell: (line: string) => void,
): () => void {
  let seen = 0;
  const copy = () => {
    const fresh = logs.slice(seen);
    seen = logs.length;
    if (fresh.length === 0) return;
    appendFileSync(file, fresh.map((l) => `${l.raw}\n`).join(""));
    for (const line of fresh) if (line.level >= WARN) tell(problemLine(line));
  };
  copy();
  const timer = setInterval(copy, 500);
  timer.unref();
  return () => {
    clearInterval(timer);
    copy();
  };
}

/** A warning or error of the bot, as the demo page's Bot log drawer lists it. */
export interface BotProblem {
  /** When it was logged (ms epoch). */
  time: number;
  level: "warn" | "error";
  text: string;
}

/** The last `max` warnings and errors among `logs`, oldest first. */
export function botProblems(logs: readonly LogLine[], max = 100): BotProblem[] {
  return logs
    .filter((l) => l.level >= WARN)
    .slice(-max)
    .map((l) => ({
      time: typeof l["time"] === "number" ? l["time"] : 0,
      level: l.level >= 50 ? "error" : "warn",
      text: problemLine(l).replace(/^\[bot (warn|error)\] /, ""),
    }));
}
