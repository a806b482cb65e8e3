/**
 * The bot's production build (`npm run build`, which transpiles `src/` and `commands/`; tsconfig.build.json
 * checks their types and lists what they import) is what the Docker image runs: it holds the bot alone. The
 * reference service under tools/ and its renderer `sharp` are dev-only and must not be pulled in, directly or
 * through an import chain.
 */
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const root = join(import.meta.dirname, "..");

/** Every file the production build compiles or resolves, relative to the repository root. */
function productionBuildFiles(): string[] {
  const configPath = join(root, "tsconfig.build.json");
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("tsconfig.build.json could not be read");
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return program.getSourceFiles().map((file) => relative(root, file.fileName).split(sep).join("/"));
}

const packageJson = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

describe("production build", () => {
  const files = productionBuildFiles();

  test("compiles the bot's own code: the entry point, the commands and the core", () => {
    expect(files).toContain("src/main.ts");
    expect(files).toContain("commands/imagine/imagine.ts");
    expect(files).toContain("src/service/schema.ts");
  });

  test("contains no reference-service file and resolves nothing from sharp", () => {
    expect(files.filter((f) => f.startsWith("tools/") || f.includes("reference-service"))).toEqual([]);
    expect(files.filter((f) => f.includes("node_modules/sharp/"))).toEqual([]);
  });

  test("sharp is a dev dependency, so `npm ci --omit=dev` leaves it out of the image", () => {
    expect(packageJson.dependencies).not.toHaveProperty("sharp");
    expect(packageJson.devDependencies).toHaveProperty("sharp");
  });

  test("npm run service still starts the reference service from a clone", () => {
    expect(packageJson.scripts["service"]).toBe("tsx tools/reference-service/cli.ts");
  });
});
