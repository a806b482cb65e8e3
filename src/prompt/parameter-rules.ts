/**
 * Checks of the common Midjourney parameters (service-facts.md, "Prompt syntax"). Only values the generator
 * is known to refuse are reported; unknown parameters and free-form values pass unchanged.
 */
import { parseAspectRatio, type PromptParameter } from "./parse-prompt.js";
import type { ExpectedValue, PromptProblem } from "./problems.js";

/**
 * `--v`/`--version` values the generator accepts. V8/V8.1 (2026) and V8.2 are reported by third-party
 * guides (Midjourney's own docs were not reachable); a version missing here is refused before sending, so
 * extend the list when Midjourney releases one.
 */
export const MIDJOURNEY_VERSIONS = [
  "1",
  "2",
  "3",
  "4",
  "5",
  "5.0",
  "5.1",
  "5.2",
  "6",
  "6.0",
  "6.1",
  "7",
  "7.0",
  "8",
  "8.0",
  "8.1",
  "8.2",
] as const;

/** `--niji` values (Niji 7 was released in January 2026). `--niji` alone selects the default Niji model. */
export const NIJI_VERSIONS = ["4", "5", "6", "7"] as const;

/** `--q`/`--quality` values. */
export const QUALITY_VALUES = [0.25, 0.5, 1, 2, 4] as const;

interface ParameterRule {
  /** Names after the dashes; the rule applies to each. */
  readonly names: readonly string[];
  /** When set, the parameter is refused whatever its value, with this problem. */
  readonly refused?: "repeat" | "video";
  /** The parameter is valid without a value (e.g. `--niji`). */
  readonly valueOptional?: boolean;
  /** The value may contain spaces (e.g. `--no plants, text`). */
  readonly freeText?: boolean;
  /** A valid value, shown in messages: `e.g. --ar 16:9`. */
  readonly example: string;
  /** What a valid value is, completing "use ...". */
  readonly expected?: ExpectedValue;
  readonly isValid?: (value: string) => boolean;
}

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

function parseNumber(value: string): number | null {
  return NUMBER.test(value) ? Number(value) : null;
}

function wholeNumber(min: number, max: number): Pick<ParameterRule, "expected" | "isValid"> {
  return {
    expected: { kind: "whole-number", min, max },
    isValid: (value) => {
      const n = parseNumber(value);
      return n !== null && Number.isInteger(n) && n >= min && n <= max;
    },
  };
}

function numberBetween(min: number, max: number): Pick<ParameterRule, "expected" | "isValid"> {
  return {
    expected: { kind: "number", min, max },
    isValid: (value) => {
      const n = parseNumber(value);
      return n !== null && n >= min && n <= max;
    },
  };
}

function oneOf(values: readonly string[], shown: string): Pick<ParameterRule, "expected" | "isValid"> {
  return {
    expected: { kind: "one-of", values: shown },
    isValid: (value) => values.includes(value),
  };
}

const RULES: readonly ParameterRule[] = [
  {
    names: ["repeat", "r"],
    refused: "repeat",
    example: "",
  },
  // Midjourney's video (2025): no ImagineAPI returns video, and the server expects a 2x2 grid back.
  { names: ["video"], refused: "video", example: "" },
  { names: ["motion"], refused: "video", example: "" },
  { names: ["loop"], refused: "video", example: "" },
  { names: ["end"], refused: "video", example: "" },
  { names: ["bs"], refused: "video", example: "" },
  {
    names: ["ar", "aspect"],
    example: "16:9",
    expected: { kind: "aspect-ratio" },
    isValid: (value) => parseAspectRatio(value) !== null,
  },
  { names: ["chaos", "c"], example: "50", ...wholeNumber(0, 100) },
  { names: ["stylize", "s"], example: "250", ...wholeNumber(0, 1000) },
  { names: ["weird", "w"], example: "250", ...wholeNumber(0, 3000) },
  { names: ["seed"], example: "1234", ...wholeNumber(0, 4_294_967_295) },
  { names: ["stop"], example: "80", ...wholeNumber(10, 100) },
  { names: ["sw"], example: "100", ...wholeNumber(0, 1000) },
  { names: ["cw"], example: "50", ...wholeNumber(0, 100) },
  { names: ["iw"], example: "1.5", ...numberBetween(0, 3) },
  {
    names: ["q", "quality"],
    example: "2",
    expected: { kind: "quality" },
    isValid: (value) => {
      const n = parseNumber(value);
      return n !== null && (QUALITY_VALUES as readonly number[]).includes(n);
    },
  },
  {
    names: ["v", "version"],
    example: "7",
    ...oneOf(MIDJOURNEY_VERSIONS, MIDJOURNEY_VERSIONS.filter((v) => !v.endsWith(".0")).join(", ")),
  },
  { names: ["niji"], example: "6", valueOptional: true, ...oneOf(NIJI_VERSIONS, NIJI_VERSIONS.join(", ")) },
  { names: ["no"], example: "plants, text", freeText: true },
  { names: ["style"], example: "raw", freeText: true },
  { names: ["sref"], example: "https://example.com/style.png", freeText: true },
  { names: ["cref"], example: "https://example.com/character.png", freeText: true },
];

const RULES_BY_NAME = new Map(RULES.flatMap((rule) => rule.names.map((name) => [name, rule] as const)));

/** Names of one parameter that choose the same thing: the model (`--v`, `--niji`) is one choice, and the speed. */
const SAME_CHOICE: Readonly<Record<string, string>> = {
  niji: "v",
  // The speed is one choice too: a prompt's `--relax` keeps a server default `--fast` out.
  fast: "speed",
  turbo: "speed",
  relax: "speed",
};

/**
 * The one name a parameter goes by, whatever alias was written (`--aspect` → `ar`, `--quality` → `q`,
 * `--niji` → `v`), so two spellings of the same setting are recognised as one. Unknown names stay as they are.
 */
export function parameterKey(name: string): string {
  const lower = name.toLowerCase();
  const key = RULES_BY_NAME.get(lower)?.names[0] ?? lower;
  return SAME_CHOICE[key] ?? key;
}

/**
 * Checks one parameter. Returns the problem, or `null` when the value is acceptable or the parameter is
 * not one this module knows (the generator decides about those).
 */
export function checkParameter(parameter: PromptParameter): PromptProblem | null {
  const rule = RULES_BY_NAME.get(parameter.name);
  if (!rule) return null;
  const written = parameter.raw.split(" ")[0] ?? `--${parameter.name}`;
  const example = `${written} ${rule.example}`;
  if (rule.refused !== undefined) return { code: rule.refused, parameter: written };
  if (parameter.value === "") {
    return rule.valueOptional ? null : { code: "missing-value", parameter: written, example };
  }
  if (!rule.freeText && parameter.value.includes(" ")) {
    return { code: "single-value", parameter: written, value: parameter.raw, example };
  }
  if (rule.isValid && rule.expected && !rule.isValid(parameter.value)) {
    return { code: "invalid-value", value: parameter.raw, expected: rule.expected, example };
  }
  return null;
}
