/**
 * Discord markdown helpers for text that came from users or from the image service, so that it is shown
 * as written instead of being read as formatting, mentions or timestamps.
 * @see https://support.discord.com/hc/en-us/articles/210298617-Markdown-Text-101-Chat-Formatting-Bold-Italic-Underline
 */

const URL_PATTERN = /(https?:\/\/\S+)/;
/** Characters Discord reads as formatting anywhere in a line; `<` starts mentions, emojis and timestamps. */
const INLINE_SPECIALS = /[\\*_~`|<>[\]]/g;
/** Characters that only format at the start of a line: headings and lists (`>` is escaped everywhere). */
const LINE_START_SPECIALS = /^(\s*)([#-])/gm;

/**
 * Escapes Discord markdown in `text` so it shows literally. Links are left as they are: escaping inside a
 * URL would change the URL that Discord links to.
 */
export function escapeMarkdown(text: string): string {
  return text
    .split(URL_PATTERN)
    .map((part, i) =>
      // `split` with a capture group puts the matched URLs at odd indexes.
      i % 2 === 1 ? part : part.replace(INLINE_SPECIALS, "\\$&").replace(LINE_START_SPECIALS, "$1\\$2"),
    )
    .join("");
}

/**
 * Wraps `text` in an inline code span. Backticks inside are replaced by the look-alike `ˋ` (U+02CB) because
 * Discord has no escape for a backtick inside a code span; line breaks become spaces.
 */
export function inlineCode(text: string): string {
  const shown = text.replace(/`/g, "ˋ").replace(/\s*[\r\n]+\s*/g, " ");
  return shown === "" ? "` `" : `\`${shown}\``;
}
