/**
 * The server owner's list of banned words and phrases, checked against prompts before anything is sent to
 * the image service. Matching is case-insensitive and whole-word only, and sees through cheap evasion:
 * accents, full-width or styled letters, zero-width characters, and `_`/`-` between the words of a phrase.
 * Not handled (not cheap to do without false positives): letters swapped for digits or look-alikes from
 * other scripts, and letters spaced out one by one.
 */

/** Letters, digits and marks: a match must not have one of these right before or after it. */
const WORD_CHAR = String.raw`[\p{L}\p{N}\p{M}]`;
/** What may separate the words of a phrase: any run of whitespace, `_` or `-`. */
const GAP = String.raw`[\s_\-]+`;
const GAP_PATTERN = new RegExp(GAP, "gu");
/**
 * Scripts written without spaces between words: an entry edged by one of these matches inside a longer
 * run of letters, since there is no word boundary to find (`血` in `流血了`).
 */
const UNSPACED = String.raw`[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]`;
const NEEDS_BOUNDARY_BEFORE = new RegExp(`^(?!${UNSPACED})${WORD_CHAR}`, "u");
const NEEDS_BOUNDARY_AFTER = new RegExp(`(?!${UNSPACED})${WORD_CHAR}$`, "u");
/** Non-spacing marks (accents once decomposed) and invisible format characters (zero-width, soft hyphen). */
const INVISIBLE = /[\p{Mn}\p{Cf}]/gu;

/**
 * The form both entries and prompts are compared in: lower case, compatibility-decomposed (NFKD turns
 * full-width and mathematical letters and ligatures into plain ones), without accents or zero-width
 * characters. Lower case comes first because lowering some letters (`İ`) adds an accent.
 */
export function foldForMatching(text: string): string {
  return text.toLowerCase().normalize("NFKD").replace(INVISIBLE, "");
}

/** An entry's folded words joined by single spaces, or `""` when nothing is left of it. */
function entryKey(entry: string): string {
  return foldForMatching(entry).split(GAP_PATTERN).filter(Boolean).join(" ");
}

/** Escapes what a `u`-flag pattern reads as syntax (in that mode, escaping anything else is an error). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * Reads a list of banned words from environment or file text: one entry per line or separated by commas;
 * blank entries, lines starting with `#` and the rest of a line after ` #` are ignored; whitespace is
 * trimmed. Entries are returned as written (duplicates are merged by {@link BannedWords}).
 */
export function parseBannedWords(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .filter((line) => !line.trimStart().startsWith("#"))
    .map((line) => line.replace(/\s#.*$/, ""))
    .flatMap((line) => line.split(","))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/**
 * One regular expression for all entries. Entries are grouped by whether they need a word boundary
 * before and after them, so each group's boundary check appears once: repeating the `\p{L}` classes per
 * entry makes compiling 1,000 entries take hundreds of milliseconds. Within a group the longest entries
 * come first, so a phrase wins over a word it starts with; if its end check fails, the engine backtracks
 * to the next alternative.
 */
function compile(keys: readonly string[]): RegExp | null {
  const before = `(?<!${WORD_CHAR})`;
  const after = `(?!${WORD_CHAR})`;
  // Indexed by (needs a boundary before ? 2 : 0) + (needs one after ? 1 : 0).
  const groups: string[][] = [[], [], [], []];
  for (const key of [...keys].sort((a, b) => b.length - a.length)) {
    const index = (NEEDS_BOUNDARY_BEFORE.test(key) ? 2 : 0) + (NEEDS_BOUNDARY_AFTER.test(key) ? 1 : 0);
    groups[index]?.push(key.split(" ").map(escapeRegExp).join(GAP));
  }
  const pattern = groups
    .map((alternatives, index) =>
      alternatives.length === 0
        ? null
        : `${index >= 2 ? before : ""}(?:${alternatives.join("|")})${index % 2 === 1 ? after : ""}`,
    )
    .filter((group) => group !== null)
    .join("|");
  return pattern === "" ? null : new RegExp(pattern, "u");
}

/**
 * A compiled list of banned words and phrases. Build it once (e.g. at start) and call {@link find} per
 * prompt: all entries are compiled into one regular expression, so 1,000 entries stay cheap.
 *
 * An entry matches only as a whole word or phrase: `ass` matches `ass`, `ASS!`, `(ass)`, `ass::2` and
 * `--no ass`, but not `class` or `passage`; `red room` matches `Red  Room`, `red_room` and `red-room`.
 */
export class BannedWords {
  /** Folded key of each entry -> the entry as written (the first one, for duplicates). */
  private readonly entries = new Map<string, string>();
  private readonly pattern: RegExp | null;

  /** @param list entries as written, e.g. from {@link parseBannedWords}; empty ones are ignored. */
  constructor(list: Iterable<string>) {
    for (const entry of list) {
      const key = entryKey(entry);
      if (key !== "" && !this.entries.has(key)) this.entries.set(key, entry.trim());
    }
    this.pattern = compile([...this.entries.keys()]);
  }

  /** Builds the list from several texts in {@link parseBannedWords} format (env value, file contents). */
  static fromTexts(...texts: readonly (string | null | undefined)[]): BannedWords {
    return new BannedWords(texts.flatMap((text) => (text ? parseBannedWords(text) : [])));
  }

  /** Number of distinct entries. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The entry (as written in the list) that `prompt` contains, or `null`. For logs and audits only: the
   * user must be shown `BANNED_WORDS_MESSAGE` (src/render/refusal.ts), which does not repeat the words.
   */
  find(prompt: string): string | null {
    const match = this.pattern?.exec(foldForMatching(prompt));
    if (!match) return null;
    const key = match[0].split(GAP_PATTERN).filter(Boolean).join(" ");
    return this.entries.get(key) ?? match[0];
  }
}
