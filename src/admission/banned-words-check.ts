/**
 * Banned words: the owner's list, the server's, then Midjourney's starter list (when on); the first list
 * with a word of the prompt refuses it; the requester alone is told which word and whose list.
 */
import { BannedWords } from "../moderation/banned-words.js";
import type { BannedWordsList } from "./admission-refusal.js";
import type { AdmissionCheck } from "./admission-check.js";
import { RefusedError } from "./refused-error.js";

/** Refuses a prompt with a word of the owner's list, the server's, or `midjourney` (none when off). */
export function bannedWordsCheck(
  owner: BannedWords,
  midjourney: BannedWords | null | undefined,
): AdmissionCheck {
  /** Each server's banned words, compiled once per list. */
  const serverWords = new Map<string, { list: string; words: BannedWords }>();
  const compiled = (guildId: string, words: readonly string[]): BannedWords => {
    const list = words.join("\n");
    let entry = serverWords.get(guildId);
    if (entry?.list !== list) {
      entry = { list, words: new BannedWords(words) };
      serverWords.set(guildId, entry);
    }
    return entry.words;
  };
  return ({ request, settings }) => {
    const { guildId } = request.requester;
    const prompt = request.prompt.text;
    const refuse = (matched: string, list: BannedWordsList): never => {
      throw new RefusedError(
        { code: "banned-words", list, matched, inDm: guildId === null },
        { matched, list },
      );
    };
    const ownerMatch = owner.find(prompt);
    if (ownerMatch !== null) refuse(ownerMatch, "owner");
    if (guildId !== null && settings.bannedWords.value.length > 0) {
      const matched = compiled(guildId, settings.bannedWords.value).find(prompt);
      if (matched !== null) refuse(matched, "server");
    }
    const midjourneyMatch = midjourney?.find(prompt) ?? null;
    if (midjourneyMatch !== null) refuse(midjourneyMatch, "midjourney");
  };
}
