import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Nothing outside test/ imports from it (src/ and commands/ add their own restrictions below). */
const testImports = {
  regex: "(^|/)test/",
  message: "Only tests import from test/: move what this needs out of test/ (tools/, demo/ or src/).",
};

export default tseslint.config(
  { ignores: ["dist/", "data/", "node_modules/", "bench/results/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through src/config.ts." },
      ],
    },
  },
  {
    // The bot's production build is src/ and commands/; the reference service and sharp are dev-only tools.
    files: ["src/**", "commands/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "sharp", message: "sharp is a dev dependency of the reference service, not of the bot." },
          ],
          patterns: [
            { group: ["**/tools/**"], message: "tools/ is not part of the bot's production build." },
            testImports,
          ],
        },
      ],
    },
  },
  {
    // The demo, the tools and the bench are products people run: tests may import them, never the reverse.
    files: ["demo/**", "tools/**", "bench/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [testImports] }] },
  },
  {
    files: ["demo/page/**"],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["src/config.ts", "test/**", "bench/**", "demo/**", "tools/bot-process/**", "tools/postgres/**"],
    rules: { "no-restricted-properties": "off" },
  },
);
