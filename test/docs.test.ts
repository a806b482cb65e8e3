import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { configSchema } from "../src/config.js";

const root = new URL("../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");
const variables = Object.keys(configSchema.shape);

describe("documentation", () => {
  test.each(variables)("%s is documented in .env.example and in the README's configuration table", (name) => {
    expect(read(".env.example")).toMatch(new RegExp(`^${name}=`, "m"));
    expect(read("README.md")).toContain(`| \`${name}\``);
  });

  test("every npm script the README shows exists in package.json", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    const shown = [...read("README.md").matchAll(/npm run ([a-z][a-z:-]*[a-z])/g)].map((m) => m[1]!);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.filter((name) => !(name in scripts))).toEqual([]);
  });
});
