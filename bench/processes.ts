/**
 * Child processes of the benchmark: each component (Discord emulator, reference service, bot, baselines)
 * runs in its own process, as deployed, so CPU and memory can be read per process from /proc. Output
 * lines are kept (the last few thousand) and can be waited for.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";

/** The repository root. */
export const PROJECT_ROOT = resolve(import.meta.dirname, "..");
/** tsx's loader, for `node --import` (one process, unlike the `tsx` command, which spawns a child). */
export const TSX_LOADER = createRequire(import.meta.url).resolve("tsx");

const KEPT_LINES = 5000;

/** Children still running: killed if the benchmark itself ends early (an error, Ctrl-C). */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

/** A line a child wrote, parsed when it is a JSON object (pino log lines are). */
export interface OutputLine {
  text: string;
  json: Record<string, unknown> | null;
  stream: "stdout" | "stderr";
}

/** How a child process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A child process with its output. */
export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** The last output lines, oldest first. */
  readonly lines: OutputLine[];
  readonly exited: Promise<ProcessExit>;
  /** Resolves with the first line (already written or coming) that matches; rejects on exit or timeout. */
  waitForLine(match: (line: OutputLine) => boolean, timeoutMs?: number): Promise<OutputLine>;
  /** Calls `listener` with every later line (the kept lines are only the last few thousand); returns the unsubscribe. */
  onLine(listener: (line: OutputLine) => void): () => void;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
  stop(graceMs?: number): Promise<ProcessExit>;
}

/** Options of {@link startProcess}. */
export interface StartProcessOptions {
  name: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

function parse(text: string, stream: OutputLine["stream"]): OutputLine {
  if (text.startsWith("{")) {
    try {
      const json: unknown = JSON.parse(text);
      if (typeof json === "object" && json !== null)
        return { text, stream, json: json as Record<string, unknown> };
    } catch {
      // Not JSON after all: kept as text.
    }
  }
  return { text, stream, json: null };
}

/** Only what a child needs from this environment: no .env values, no stray settings. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "" };
  if (process.env["TMPDIR"]) base["TMPDIR"] = process.env["TMPDIR"];
  return { ...base, TSX_TSCONFIG_PATH: join(PROJECT_ROOT, "tsconfig.json"), ...env };
}

/** Starts `node <args>`. */
export function startProcess(options: StartProcessOptions): ManagedProcess {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd ?? PROJECT_ROOT,
    env: childEnv(options.env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.pid === undefined) throw new Error(`${options.name} did not start`);
  running.add(child);
  const lines: OutputLine[] = [];
  const waiters = new Set<(line: OutputLine | null) => void>();
  const listeners = new Set<(line: OutputLine) => void>();
  const take = (stream: OutputLine["stream"]) => (text: string) => {
    const line = parse(text, stream);
    lines.push(line);
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
    for (const waiter of [...waiters]) waiter(line);
    for (const listener of listeners) listener(line);
  };
  createInterface({ input: child.stdout! }).on("line", take("stdout"));
  createInterface({ input: child.stderr! }).on("line", take("stderr"));
  const exited = new Promise<ProcessExit>((done) =>
    child.once("exit", (code, signal) => {
      running.delete(child);
      for (const waiter of [...waiters]) waiter(null);
      done({ code, signal });
    }),
  );
  let exit: ProcessExit | null = null;
  void exited.then((e) => (exit = e));
  const tail = () =>
    lines
      .slice(-15)
      .map((l) => `  ${l.text.slice(0, 400)}`)
      .join("\n");

  return {
    name: options.name,
    pid: child.pid,
    child,
    lines,
    exited,
    waitForLine(match, timeoutMs = 30_000) {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      if (exit) return Promise.reject(new Error(`${options.name} has exited:\n${tail()}`));
      return new Promise((resolvePromise, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${options.name}: no matching output within ${timeoutMs} ms:\n${tail()}`));
        }, timeoutMs);
        const waiter = (line: OutputLine | null) => {
          if (line !== null && !match(line)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          if (line === null) reject(new Error(`${options.name} exited while waited for:\n${tail()}`));
          else resolvePromise(line);
        };
        waiters.add(waiter);
      });
    },
    onLine(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop(graceMs = 5000) {
      if (exit) return exit;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Starts a TypeScript entry point of this repository through tsx's loader. */
export function startTsProcess(
  name: string,
  entry: string,
  args: string[],
  env: Record<string, string> = {},
): ManagedProcess {
  return startProcess({ name, args: ["--import", TSX_LOADER, join(PROJECT_ROOT, entry), ...args], env });
}

/** The value of a `NAME=value` line the process printed. */
export async function printedValue(proc: ManagedProcess, name: string, timeoutMs = 30_000): Promise<string> {
  const line = await proc.waitForLine((l) => l.text.startsWith(`${name}=`), timeoutMs);
  return line.text.slice(name.length + 1).trim();
}
