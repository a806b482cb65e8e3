import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The bot's production build is src/ and commands/; the reference service and sharp are dev-only tools. */
const notSharp = {
  name: "sharp",
  message: "sharp is a dev dependency of the reference service, not of the bot.",
};
const notTools = { group: ["**/tools/**"], message: "tools/ is not part of the bot's production build." };

/** `commands/` is the features' wing: the core and the Discord adapter never import it. */
const notTheFeaturesWing = {
  group: ["**/commands/**", "**/commands"],
  message:
    "commands/ is the features' wing: only the composition root (src/bot.ts) and src/deploy.ts import it.",
};

/** Nothing outside test/ imports from it: tests may import the product, never the reverse. */
const notTests = {
  regex: "(^|/)test/",
  message: "Only tests import from test/: move what this needs out of test/ (tools/, demo/ or src/).",
};

/**
 * A file's role, by its name: views (`*-view.ts`, and every file of src/render/), queries (`*-query.ts`) and
 * custom-id codecs (`*-id.ts`) are pure wherever they live: no discord.js, no I/O. What they need comes as
 * arguments; the handler beside them does the talking.
 */
const PURE_ROLES = ["**/*-view.ts", "**/*-query.ts", "**/*-id.ts"];
const notImpure = {
  group: [
    "discord.js",
    "@discordjs/*",
    "undici",
    "pg",
    "better-sqlite3",
    "fs",
    "fs/*",
    "node:fs",
    "node:fs/*",
    "node:net",
    "node:http",
    "node:https",
    "node:child_process",
    "**/discord/**",
    "**/store/**",
  ],
  message:
    "Views (*-view.ts, src/render/), queries (*-query.ts) and custom-id codecs (*-id.ts) are pure: no discord.js, no I/O. Take what is needed as arguments.",
};

/** A codec in a feature folder uses only the shared id parts and the service's vocabulary. */
const codecImportsOnly = {
  regex: "^(?!\\./[a-z-]+-id\\.js$|(\\.\\./)+src/custom-ids/|(\\.\\./)+src/service/schema\\.js$)",
  message:
    "A custom-id codec imports only codecs beside it, src/custom-ids/ (the shared id parts) and src/service/schema.ts.",
};

/**
 * Kinds of job are told apart by an exhaustive `switch (kind.name)` ending in `unknownKind` (src/imagine/job-kind.ts),
 * and where a job may run by `placementOf` (job-placement.ts): never by comparing a kind's name with === or
 * !==, which the compiler would not list when a kind is added. KIND_NAMES is every kind's name (a test holds
 * it to JOB_KIND_NAMES).
 */
const KIND_NAMES = "/^(imagine|upscale)$/";
const COMPARED = "BinaryExpression[operator=/^[!=]==$/]";
const KIND_SWITCH =
  "Tell kinds of job apart with an exhaustive switch (kind.name) ending in unknownKind, or ask placementOf " +
  "where a job may run: a comparison with === is not listed by the compiler when a kind is added.";
const noKindComparisons = ["left", "right"].flatMap((side) => {
  const other = side === "left" ? "right" : "left";
  return [
    `${COMPARED}[${side}.property.name="name"][${side}.object.name="kind"]`,
    `${COMPARED}[${side}.property.name="name"][${side}.object.property.name="kind"]`,
    `${COMPARED}[${side}.property.name="kind"][${other}.value=${KIND_NAMES}]`,
    `${COMPARED}[${side}.name="kind"][${other}.value=${KIND_NAMES}]`,
  ].map((selector) => ({ selector, message: KIND_SWITCH }));
});

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
          paths: [notSharp],
          patterns: [notTools, notTests],
        },
      ],
    },
  },
  {
    // The core and the Discord adapter never import the features' wing: only the composition root and deploy
    // hand its list on. The codecs' leaf and the renderers stay free of discord.js too (pure, shared).
    files: ["src/**"],
    ignores: ["src/bot.ts", "src/deploy.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [notSharp],
          patterns: [notTools, notTheFeaturesWing, notTests],
        },
      ],
    },
  },
  {
    // The roles' purity (see PURE_ROLES), with the rules of the wing the file is in.
    files: ["src/render/**", ...PURE_ROLES.map((role) => `src/${role}`)],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [notSharp], patterns: [notTools, notTheFeaturesWing, notTests, notImpure] },
      ],
    },
  },
  {
    files: PURE_ROLES.map((role) => `commands/${role}`),
    rules: {
      "no-restricted-imports": ["error", { paths: [notSharp], patterns: [notTools, notTests, notImpure] }],
    },
  },
  {
    files: ["commands/**/*-id.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [notSharp], patterns: [notTools, notTests, notImpure, codecImportsOnly] },
      ],
    },
  },
  {
    files: ["src/custom-ids/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "discord.js",
                "discord-api-types",
                "discord-api-types/*",
                "**/commands/**",
                "**/discord/**",
              ],
              message:
                "src/custom-ids/ is a pure leaf: renderers and handlers import it, it imports neither.",
            },
            {
              regex: "^\\.\\./(?!service/schema\\.js$)",
              message:
                "src/custom-ids/ imports only its own files (and the service's vocabulary in service/schema.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // The demo, the tools and the bench are products people run (src/custom-ids/ above imports only itself).
    files: ["demo/**", "tools/**", "bench/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [notTests] }] },
  },
  {
    files: ["demo/page/**"],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["src/config.ts", "test/**", "bench/**", "demo/**", "tools/bot-process/**", "tools/postgres/**"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["src/**"],
    rules: { "no-restricted-syntax": ["error", ...noKindComparisons] },
  },
  {
    // A feature keeps no state of its own between interactions: a module-level variable holds for one process
    // only. What a click must do once is claimed in the job store (Claims), across restarts and a fleet.
    files: ["commands/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            ":matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > " +
            "VariableDeclarator:not([id.typeAnnotation.typeAnnotation.typeName.name=/^Readonly/]) > " +
            "NewExpression:not([callee.name=/Builder$/])",
          message:
            "A feature keeps no state in its module (it holds for one process only): claim what a click does " +
            "once in the job store (app.store.claimOnce), or type a constant table Readonly.",
        },
        {
          selector: ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration[kind="let"]',
          message:
            "A feature keeps no state in its module (it holds for one process only): use the job store.",
        },
        ...noKindComparisons,
      ],
    },
  },
);
