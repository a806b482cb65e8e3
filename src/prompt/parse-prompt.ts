/**
 * Reads a Midjourney prompt into its parts: image URLs first, then the description, then `--` parameters
 * (service-facts.md, "Prompt syntax"). Pure; never throws.
 */

/** One `--name value` parameter as written in the prompt. */
export interface PromptParameter {
  /** Lower-case name without the dashes, e.g. `ar` for `--AR 16:9`. */
  readonly name: string;
  /** Everything after the name up to the next parameter, trimmed; `""` when none was given. */
  readonly value: string;
  /** The parameter as written, e.g. `--ar 16:9`. */
  readonly raw: string;
}

/** A prompt split into the three parts the service expects, in that order. */
export interface PromptParts {
  /** The http(s) URLs at the start of the prompt (image prompts). */
  readonly imageUrls: readonly string[];
  /** The description: the words between the image URLs and the first parameter. */
  readonly text: string;
  readonly parameters: readonly PromptParameter[];
}

/** A `--ar W:H` aspect ratio. */
export interface AspectRatio {
  readonly width: number;
  readonly height: number;
}

/** A parameter starts with two dashes followed by a letter (`--ar`); a bare `--` is ordinary text. */
const PARAMETER_TOKEN = /^--([a-z][\w.-]*)$/i;

/** Whether `token` is an absolute http(s) URL. */
export function isHttpUrl(token: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(token)) return false;
  try {
    const url = new URL(token);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Splits a prompt into image URLs, description and parameters. Whitespace of any kind separates words;
 * normalise the prompt first ({@link normalizePrompt}) to also read `—ar` typed on a phone as `--ar`.
 */
export function parsePrompt(prompt: string): PromptParts {
  const tokens = prompt.split(/\s+/).filter((t) => t !== "");
  let start = 0;
  while (start < tokens.length && isHttpUrl(tokens[start] ?? "")) start += 1;
  const imageUrls = tokens.slice(0, start);

  const textWords: string[] = [];
  const parameters: { name: string; written: string; words: string[] }[] = [];
  for (const token of tokens.slice(start)) {
    const match = PARAMETER_TOKEN.exec(token);
    if (match?.[1] !== undefined) {
      parameters.push({ name: match[1].toLowerCase(), written: token, words: [] });
    } else {
      (parameters.at(-1)?.words ?? textWords).push(token);
    }
  }
  return {
    imageUrls,
    text: textWords.join(" "),
    parameters: parameters.map(({ name, written, words }) => {
      const value = words.join(" ");
      return { name, value, raw: value === "" ? written : `${written} ${value}` };
    }),
  };
}

/**
 * Characters that show nothing by themselves: zero-width spaces and joiners, direction marks, the soft
 * hyphen, the BOM, variation selectors, tags, Hangul fillers (Unicode's default-ignorable code points),
 * other format and control characters, and the blank braille pattern U+2800.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\u2800]/gu;

/** Whether a word shows something, i.e. is more than invisible characters. */
function isVisible(word: string): boolean {
  return word.replace(INVISIBLE, "") !== "";
}

/**
 * Normalises what a user typed the way the service would read it: `—`/`–` directly before a parameter
 * name becomes `--` (phones turn a typed `--` into a dash), line breaks become spaces (the service does
 * that too), runs of whitespace collapse to one space, and the ends are trimmed. Words made only of
 * invisible characters are dropped, so a prompt of zero-width spaces is empty; inside a word they stay
 * (an emoji sequence joined by U+200D is one visible word).
 */
export function normalizePrompt(text: string): string {
  return text
    .replace(/(^|\s)[—–](?=[a-z])/giu, "$1--")
    .split(/\s+/u)
    .filter(isVisible)
    .join(" ");
}

/** Reads `W:H` with whole positive numbers, e.g. `16:9`; anything else is `null`. */
export function parseAspectRatio(value: string): AspectRatio | null {
  const match = /^(\d{1,6}):(\d{1,6})$/.exec(value.trim());
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The aspect ratio the prompt asks for (the last valid `--ar`/`--aspect`), or `null` for the default 1:1. */
export function promptAspectRatio(parts: PromptParts): AspectRatio | null {
  let found: AspectRatio | null = null;
  for (const p of parts.parameters) {
    if (p.name === "ar" || p.name === "aspect") found = parseAspectRatio(p.value) ?? found;
  }
  return found;
}
