/**
 * Which language the bot answers in: the member's `/settings` language, else the interaction's `locale` (the
 * member's Discord client language), else — for what the whole channel sees — the server's `guild_locale`;
 * English when none of these is a language the bot speaks. DMs have no locale: the member's setting, else
 * English.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
 */
import type { Logger } from "../logger.js";
import type { SettingsStore } from "../settings/settings.js";
import { languageOfLocale, type Language } from "./languages.js";
import { translator, type Translator } from "./translate.js";

/** The language a member chose with `/settings`, or `undefined` when they chose none. */
export type MemberLanguage = (userId: string) => Promise<Language | undefined>;

/** Members' languages as the settings store keeps them. */
export function memberLanguageFrom(settings: Pick<SettingsStore, "member">): MemberLanguage {
  return async (userId) => (await settings.member(userId)).language;
}

/** The languages of the answers to one interaction. */
export interface InteractionLanguages {
  /** For what only the member sees: ephemeral replies, refusals, errors. */
  readonly ephemeral: Translator;
  /** For what the channel sees: a job's progress and result (kept on the job), a reposted image. */
  readonly public: Translator;
}

/** What the language is chosen from. */
export interface LanguageClues {
  readonly member?: Language | undefined;
  /** The interaction's `locale` (absent for DMs sent as messages). */
  readonly locale?: string | null | undefined;
  /** The server's `guild_locale` (absent outside servers). */
  readonly guildLocale?: string | null | undefined;
}

/** The languages of the answers, from what is known (see the module comment). Pure. */
export function chooseLanguages(clues: LanguageClues): InteractionLanguages {
  const own = clues.member ?? languageOfLocale(clues.locale);
  return {
    ephemeral: translator(own ?? "en"),
    public: translator(own ?? languageOfLocale(clues.guildLocale) ?? "en"),
  };
}

/**
 * The member's chosen language; `undefined` when they chose none or it cannot be read now (logged: the
 * answer then follows the locale rather than failing).
 */
export async function readMemberLanguage(
  memberLanguage: MemberLanguage,
  userId: string,
  log: Logger,
): Promise<Language | undefined> {
  try {
    return await memberLanguage(userId);
  } catch (err) {
    log.warn({ err }, "could not read the member's language; answering in their Discord language");
    return undefined;
  }
}

/** The languages to answer an interaction in. */
export async function interactionLanguages(
  interaction: {
    readonly user: { readonly id: string };
    readonly locale: string;
    readonly guildLocale: string | null;
  },
  memberLanguage: MemberLanguage,
  log: Logger,
): Promise<InteractionLanguages> {
  return chooseLanguages({
    member: await readMemberLanguage(memberLanguage, interaction.user.id, log),
    locale: interaction.locale,
    guildLocale: interaction.guildLocale,
  });
}
