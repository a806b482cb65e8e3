/**
 * Message components (buttons, select menus) and modals are routed by the prefix of their custom id: each
 * handler owns one prefix; the codec of its ids is in `src/custom-ids/`. An id carries everything its handler needs
 * (job, action, requester), so a handler never parses message text and keeps working after a restart.
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */
import type { AnySelectMenuInteraction, ButtonInteraction, ModalSubmitInteraction } from "discord.js";
import type { IdCodec } from "../custom-ids/id-codec.js";
import type { HandlerContext } from "./command.js";

/** An interaction a component handler answers. */
export type ComponentInteraction = ButtonInteraction | AnySelectMenuInteraction | ModalSubmitInteraction;

/**
 * One component or modal handler, listed in `commands/index.ts`. `prefix` is the custom id's text before the
 * first `:` and is unique among handlers.
 */
export interface ComponentHandler<T, App = unknown> {
  readonly prefix: string;
  readonly codec: IdCodec<T>;
  /**
   * Answers the interaction, with the data its id carries (interaction and data first: a handler that needs
   * neither core nor logger reads only those). Throw a `UserError` for what the clicking user should read (shown ephemerally). */
  execute(interaction: ComponentInteraction, data: T, context: HandlerContext<App>): Promise<void>;
}
