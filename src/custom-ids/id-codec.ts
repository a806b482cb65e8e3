/**
 * What every custom-id codec is. Pure (no discord.js, no other project module): renderers import the codecs
 * to write ids, handlers under `commands/` to read them.
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */

/** Custom ids are at most 100 characters. @see https://discord.com/developers/docs/components/reference */
export const MAX_CUSTOM_ID_LENGTH = 100;

/**
 * Turns what a handler needs into a custom id and back. `encode` output starts with `<prefix>:` and is at
 * most {@link MAX_CUSTOM_ID_LENGTH} characters; `decode` returns `null` for anything it did not write
 * (malformed, forged or from an older format it no longer reads).
 */
export interface IdCodec<T> {
  encode(data: T): string;
  decode(customId: string): T | null;
}

/** The prefix a custom id is routed by: its text before the first `:` (the whole id when there is none). */
export function customIdPrefix(customId: string): string {
  const colon = customId.indexOf(":");
  return colon === -1 ? customId : customId.slice(0, colon);
}
