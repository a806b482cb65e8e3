/**
 * Kinds of job are told apart by exhaustive switches (`eslint.config.js`, run by `npm run lint`): a comparison of
 * a kind's name with === or !== is refused in src/ and commands/, so adding a kind makes the compiler list every
 * place that acts per kind.
 */
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";
import { JOB_KIND_NAMES } from "../src/imagine/job-kind.js";

const eslint = new ESLint();

async function kindComparisons(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

const PLACES = ["src/imagine/probe.ts", "src/store/probe.ts", "commands/grid/probe.ts"];

describe("kinds of job compared by name", () => {
  test.each(
    JOB_KIND_NAMES.flatMap((name) =>
      PLACES.flatMap((place) => [
        [place, `export const f = (job: { kind: { name: string } }) => job.kind.name === "${name}";\n`],
        [place, `export const f = (kind: { name: string }) => kind.name !== "${name}";\n`],
        [place, `export const f = (kind: { name: string }) => "${name}" === kind.name;\n`],
        [place, `export const f = (row: { kind: string }) => row.kind === "${name}";\n`],
        [place, `export const f = (kind: string) => kind !== "${name}";\n`],
      ]),
    ),
  )("%s refuses %s", async (place, code) => {
    expect(await kindComparisons(place, code)).toEqual([expect.stringContaining("exhaustive switch")]);
  });

  test.each([
    'export const f = (err: { kind: string }) => err.kind === "network";\n',
    'export const f = (button: { action: string }) => button.action === "upscale";\n',
    'export const f = (kind: { name: "imagine" | "upscale" }) => {\n  switch (kind.name) {\n' +
      '    case "imagine":\n      return 1;\n    case "upscale":\n      return 2;\n  }\n};\n',
  ])("other comparisons and a switch on the kind are allowed: %s", async (code) => {
    expect(await kindComparisons("src/imagine/probe.ts", code)).toEqual([]);
  });
});
