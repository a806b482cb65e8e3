/**
 * The container image's promises, checked on the Dockerfile itself (there is no Docker engine in CI): a
 * multi-stage build, a non-root user, an init process, `npm start`'s command line (source maps, memory
 * settings), compilers for the SQLite driver only in the install stages, a health check on /healthz, a volume
 * for the database, and a build context without secrets, tests or data.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { nodeFlagsOf } from "../tools/bot-process/start-flags.js";

const root = join(import.meta.dirname, "..");
const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8");
const dockerignore = readFileSync(join(root, ".dockerignore"), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l !== "" && !l.startsWith("#"));
const packageJson = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

/** The instructions of the last stage: what the running container is made of. */
const finalStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));

/** The instructions of the stage named `name` (`FROM … AS name`), up to the next FROM. */
function stage(name: string): string {
  const start = dockerfile.search(new RegExp(`^FROM \\S+ AS ${name}$`, "m"));
  if (start < 0) return "";
  const next = dockerfile.indexOf("\nFROM ", start + 1);
  return dockerfile.slice(start, next < 0 ? undefined : next);
}

describe("Dockerfile", () => {
  test("builds in one stage and ships only production dependencies and the compiled code in another", () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(finalStage).toMatch(/COPY --from=\w+ \/app\/dist \.\/dist/);
    expect(finalStage).not.toMatch(/COPY (src|test|\.) /);
  });

  test("the build stage checks the bot's types, then builds it as npm start does", () => {
    const build = stage("build");
    expect(build).toMatch(/^COPY scripts \.\/scripts$/m);
    expect(build).toMatch(/^RUN npx tsc -p tsconfig\.build\.json && npm run build$/m);
    expect(packageJson.scripts["build"]).toBe("node scripts/build.mjs");
  });

  test("installs the runtime's node_modules without dev dependencies, so sharp and the tools stay out", () => {
    const from = /^COPY --from=(\w+) \/app\/node_modules /m.exec(finalStage)?.[1];
    expect(from).toBeDefined();
    const installs = stage(from!).match(/npm (ci|install)\b.*$/gm) ?? [];
    expect(installs.length).toBeGreaterThan(0);
    for (const install of installs) expect(install).toMatch(/--omit=dev\b/);
    expect(finalStage).not.toMatch(/npm (ci|install)\b(?!.*--omit=dev)/);
    expect(finalStage).not.toMatch(/COPY .*\btools\b/);
  });

  test("every stage running npm ci can compile the SQLite driver first; the running image has no compilers", () => {
    const compilers =
      /^RUN apt-get update && apt-get install -y --no-install-recommends python3 make g\+\+ /m;
    for (const name of ["build", "deps"]) {
      const instructions = stage(name);
      expect(instructions).toMatch(compilers);
      expect(instructions.search(compilers)).toBeLessThan(instructions.search(/^RUN npm ci\b/m));
    }
    expect(finalStage).not.toMatch(/\b(gcc|make|python3|build-essential)\b|g\+\+/);
    expect(finalStage).toMatch(/^COPY --from=deps \/app\/node_modules \.\/node_modules$/m);
  });

  test("runs as a non-root user under an init process, with the same command line as npm start", () => {
    expect(finalStage).toMatch(/^USER (?!root\b)\w+/m);
    expect(finalStage).toMatch(/^ENTRYPOINT \["[^"]*tini", "--"\]/m);
    const cmd = JSON.parse(`[${/^CMD \[(.+)\]$/m.exec(finalStage)?.[1] ?? ""}]`) as string[];
    expect(cmd.join(" ")).toBe(packageJson.scripts["start"]);
  });

  test("npm start runs the build with source maps and the memory settings bench/README.md measures", () => {
    const flags = nodeFlagsOf(packageJson.scripts["start"] ?? "", "dist/src/main.js");
    expect(flags).toContain("--enable-source-maps");
    // A young generation of at most 2 × 4 MiB and one V8 worker thread: ~27 MiB less when idle.
    expect(flags).toContain("--max-semi-space-size=4");
    expect(flags).toContain("--v8-pool-size=1");
  });

  test("checks /healthz on HTTP_PORT when it is set, and keeps the database in a volume", () => {
    const healthcheck = /^HEALTHCHECK .*\\\n\s+CMD (.+)$/m.exec(finalStage)?.[1] ?? "";
    expect(healthcheck).toContain("process.env.HTTP_PORT");
    expect(healthcheck).toContain("/healthz");
    const dataDir = /DATABASE_PATH=(\S+)\/[^/\s]+/.exec(finalStage)?.[1];
    expect(dataDir).toBeDefined();
    expect(finalStage).toContain(`VOLUME ["${dataDir}"]`);
  });
});

describe(".dockerignore", () => {
  test.each([".env", "test", "tools", "data", "node_modules", "dist", ".git", "**/*.db"])(
    "excludes %s",
    (entry) => {
      expect(dockerignore).toContain(entry);
    },
  );

  test("keeps .env.example, the only .env file meant to be shared", () => {
    expect(dockerignore).toContain("!.env.example");
  });
});
