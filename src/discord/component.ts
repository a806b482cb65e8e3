/**
 * Message components (buttons, select menus) and modals are routed by the prefix of their custom id: each
 * handler owns one prefix and keeps the codec of its ids beside it. An id carries everything its handler needs
 * (job, action, requester), so a handler never parses message text and keeps working after a restart.
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */
import type { AnySelectMenuInteraction, ButtonInteraction, ModalSubmitInteraction } from "discord.js";
import type { InteractionLanguages } from "../i18n/choose-language.js";
import type { Logger } from "../logger.js";

/** Custom ids are at most 100 characters. @see https://discord.com/developers/docs/components/reference */
export const MAX_CUSTOM_ID_LENGTH = 100;

/** An interaction a component handler answers. */
export type ComponentInteraction = ButtonInteraction | AnySelectMenuInteraction | ModalSubmitInteraction;

/**
 * Turns what a handler needs into a custom id and back. `encode` output starts with `<prefix>:` and is at
 * most {@link MAX_CUSTOM_ID_LENGTH} characters; `decode` returns `null` for anything it did not write
 * (malformed, forged or from an older format it no longer reads).
 */
export interface IdCodec<T> {
  encode(data: T): string;
  decode(customId: string): T | null;
}

/**
 * One component or modal handler, listed in `commands/index.ts`. `prefix` is the custom id's text before the
 * first `:` and is unique among handlers.
 */
export interface ComponentHandler<T, App = unknown> {
  readonly prefix: string;
  readonly codec: IdCodec<T>;
  /** Answers the interaction. Throw a `UserError` for what the clicking user should read (shown ephemerally). */
  execute(
    interaction: ComponentInteraction,
    data: T,
    app: App,
    log: Logger,
    lang: InteractionLanguages,
  ): Promise<void>;
}

/** The prefix a custom id is routed by: its text before the first `:` (the whole id when there is none). */
export function customIdPrefix(customId: string): string {
  const colon = customId.indexOf(":");
  return colon === -1 ? customId : customId.slice(0, colon);
}
