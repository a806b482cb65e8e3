/** Shortening a text for `/imagine-status` at a word's end, never in the middle of one. */

/**
 * `text` at most `max` characters long, cut after its last whole word that fits and ended with `…`; as it is
 * when it fits. A single word longer than `max` is cut (there is no word end to cut at).
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, Math.max(1, max - 1));
  // The room ends where a word does (the next character is a space): all of it is whole words.
  const end = /\s/.test(text.charAt(room.length)) ? room.length : room.search(/\s+\S*$/);
  const kept = (end > 0 ? room.slice(0, end) : room).replace(/[\s,;:.-]+$/, "");
  return `${kept}…`;
}
