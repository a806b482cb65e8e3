/**
 * `npm start` as an owner runs it, in a copy of the repository: a checkout without `dist/` is built first; a
 * built one starts without building again until a source changes; and the build only transpiles (types are
 * `npm run typecheck`'s and CI's job), so a start never waits for a type-check of the whole project.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const CONFIG_MESSAGE = "imagine-bot is not configured correctly";

let clone: string;
beforeAll(async () => {
  clone = await mkdtemp(join(tmpdir(), "imagine-bot-clone-"));
  // What a clone holds: everything tracked, nothing built or installed (node_modules is linked back).
  const untracked = new Set(["node_modules", "dist", ".git", "data", "coverage", ".env"]);
  await cp(ROOT, clone, {
    recursive: true,
    filter: (source) => !untracked.has(relative(ROOT, source).split(sep)[0]!),
  });
  await symlink(join(ROOT, "node_modules"), join(clone, "node_modules"), "dir");
});
afterAll(async () => {
  if (clone) await rm(clone, { recursive: true, force: true });
});

/** Runs `npm start` in the clone with no configuration; resolves with its exit code and output. */
function npmStart(): Promise<{ code: number; output: string }> {
  const env = { PATH: process.env["PATH"], HOME: process.env["HOME"] };
  return new Promise((resolveRun) => {
    execFile("npm", ["start"], { cwd: clone, env, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolveRun({ code, output: `${stdout}${stderr}` });
    });
  });
}

const mainBuilt = async () => (await stat(join(clone, "dist/src/main.js"))).mtimeMs;

describe("npm start", () => {
  test("on a checkout without dist/ builds the bot, which then says what to configure", async () => {
    const run = await npmStart();
    expect(run.output).toContain(CONFIG_MESSAGE);
    expect(run.code).toBe(1);
    expect(await mainBuilt()).toBeGreaterThan(0);
  }, 90_000);

  test("on a built checkout starts the bot without building it again; a changed source is built", async () => {
    const built = await mainBuilt();
    const again = await npmStart();
    expect(again.output).toContain(CONFIG_MESSAGE);
    expect(await mainBuilt()).toBe(built);

    await writeFile(join(clone, "src/start-probe.ts"), "export const probe = 1;\n");
    await npmStart();
    expect(await mainBuilt()).toBeGreaterThan(built);
    expect((await stat(join(clone, "dist/src/start-probe.js"))).isFile()).toBe(true);
  }, 90_000);

  test("ships the locale files beside the built bot, and a changed one is built again", async () => {
    const source = join(clone, "src/i18n/locales/de.json");
    const shipped = join(clone, "dist/src/i18n/locales/de.json");
    expect(await readFile(shipped, "utf8")).toBe(await readFile(source, "utf8"));

    const texts = JSON.parse(await readFile(source, "utf8")) as Record<string, string>;
    await writeFile(source, JSON.stringify({ ...texts, "job.footer": "Bildauftrag {{id}}" }, null, 2));
    const run = await npmStart();
    expect(run.output).toContain(CONFIG_MESSAGE);
    expect(JSON.parse(await readFile(shipped, "utf8"))).toHaveProperty("job.footer", "Bildauftrag {{id}}");
  }, 90_000);

  test("does not type-check: a source with a type error still starts (npm run typecheck reports it)", async () => {
    await writeFile(join(clone, "src/start-probe.ts"), 'export const probe: number = "not a number";\n');
    const run = await npmStart();
    expect(run.output).toContain(CONFIG_MESSAGE);
    expect(run.output).not.toMatch(/error TS\d+/);
  }, 90_000);
});
