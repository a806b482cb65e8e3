/**
 * The features' wing keeps no state in its modules (`eslint.config.js`): a module-level guard holds for one
 * process only, so what a click must do once is claimed in the job store.
 */
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

const eslint = new ESLint();

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("state in a feature's module", () => {
  test.each([
    ["a Map of recent clicks", "const clicks = new Map<string, number>();\nexport const n = clicks;\n"],
    ["an exported Set", "export const seen = new Set<string>();\n"],
    ["a guard object", "class Guard {}\nconst clicks = new Guard();\nexport const n = clicks;\n"],
    ["a mutable variable", "let last = 0;\nexport const bump = () => (last += 1);\n"],
  ])("%s in commands/ is refused", async (_what, code) => {
    expect(await restricted("commands/grid/probe.ts", code)).toEqual([
      expect.stringContaining("keeps no state in its module"),
    ]);
  });

  test.each([
    [
      "a constant table typed Readonly",
      'const NAMES: ReadonlySet<string> = new Set(["a"]);\nexport const n = NAMES;\n',
    ],
    [
      "a Map inside a function",
      "export function f() {\n  const m = new Map<string, number>();\n  return m;\n}\n",
    ],
  ])("%s is allowed", async (_what, code) => {
    expect(await restricted("commands/grid/probe.ts", code)).toEqual([]);
  });

  test("the core may keep state in its modules (its classes are wired once per process)", async () => {
    expect(
      await restricted("src/imagine/probe.ts", "const m = new Map<string, number>();\nexport const n = m;\n"),
    ).toEqual([]);
  });
});
