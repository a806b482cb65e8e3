/**
 * Vitest global setup: the bot (`src/`, `commands/`) built once per test run into a temporary directory by
 * the same script as `npm run build` (scripts/build.mjs, esbuild), so the tests that run the bot in its own
 * process start the plain JavaScript `npm start` runs, instead of paying the tsx loader's cost (about 1 s of
 * CPU) at every start.
 */
import { execFile } from "node:child_process";
import { mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The transpiled `src/main.js` the bot process tests start. */
    botMain: string;
  }
}

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

let outDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  outDir = await mkdtemp(join(tmpdir(), "imagine-bot-build-"));
  await promisify(execFile)(process.execPath, [join(PROJECT_ROOT, "scripts/build.mjs"), "--outdir", outDir]);
  await writeFile(join(outDir, "package.json"), '{ "type": "module" }\n');
  await symlink(await realpath(join(PROJECT_ROOT, "node_modules")), join(outDir, "node_modules"), "dir");
  project.provide("botMain", join(outDir, "src/main.js"));
}

export async function teardown(): Promise<void> {
  if (outDir) await rm(outDir, { recursive: true, force: true });
}
