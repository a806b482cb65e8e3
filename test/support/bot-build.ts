/**
 * Vitest global setup: the bot (`src/`, `commands/`) transpiled once per test run into a temporary
 * directory, so the tests that run the bot in its own process start plain JavaScript, like `npm start`
 * does, instead of paying the tsx loader's cost (about 1 s of CPU) at every start.
 */
import { mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The transpiled `src/main.js` the bot process tests start. */
    botMain: string;
  }
}

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

let outDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  outDir = await mkdtemp(join(tmpdir(), "imagine-bot-build-"));
  // File by file, as tsc builds it: the same modules, loaded the same way, with stack traces into the sources.
  await build({
    entryPoints: ["src", "commands"].flatMap((dir) => typeScriptFiles(join(PROJECT_ROOT, dir))),
    outdir: outDir,
    outbase: PROJECT_ROOT,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: "inline",
    logLevel: "error",
  });
  await writeFile(join(outDir, "package.json"), '{ "type": "module" }\n');
  await symlink(await realpath(join(PROJECT_ROOT, "node_modules")), join(outDir, "node_modules"), "dir");
  project.provide("botMain", join(outDir, "src/main.js"));
}

export async function teardown(): Promise<void> {
  if (outDir) await rm(outDir, { recursive: true, force: true });
}
