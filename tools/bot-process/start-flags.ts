/**
 * The Node flags the bot runs with, read from `npm start` (package.json `scripts.start`:
 * `node <flags> dist/src/main.js`), the one place they are written. The tests', the demo's and the
 * benchmark's bot processes take them from here, so each runs the bot as an owner does; the Dockerfile's
 * `CMD` is checked against the same script (test/dockerfile.test.ts).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

/**
 * The flags between `node` and the entry point of a `node <flags> <entry>` command line.
 * @throws {Error} when the command is not `node … <entry>`.
 */
export function nodeFlagsOf(command: string, entry: string): string[] {
  const words = command.trim().split(/\s+/);
  const at = words.indexOf(entry);
  if (words[0] !== "node" || at < 0) throw new Error(`expected "node <flags> ${entry}", got: ${command}`);
  return words.slice(1, at);
}

/** `npm start`'s command line, from package.json. */
function startScript(): string {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return pkg.scripts["start"] ?? "";
}

/** The Node flags of `npm start` (source maps and the memory settings bench/README.md explains). */
export function startScriptNodeFlags(): string[] {
  return nodeFlagsOf(startScript(), "dist/src/main.js");
}
