import { MessageFlags, type RepliableInteraction } from "discord.js";
import type { APIActionRowComponent, APIButtonComponent, APIEmbed } from "discord-api-types/v10";
import { UserError } from "../errors.js";
import type { Translator } from "../i18n/translate.js";
import type { Logger } from "../logger.js";
import { renderServiceError } from "../render/failure.js";
import { isUpscaleRequest } from "../render/service-errors.js";
import { promptBlock } from "../render/message-parts.js";
import { isServiceError, type ServiceError } from "../service/errors.js";
import { isMissingUpscaleRoute } from "../service/service-profile.js";

/** A service error the owner must fix (token, quota) is logged as an error; a passing one as a warning. */
function logServiceError(err: ServiceError, log: Logger): void {
  const owner = err.kind === "unauthorized" || err.kind === "forbidden" || err.kind === "quota";
  const fields = { err, kind: err.kind, status: err.status, code: err.code };
  if (owner) log.error(fields, "the image service refused the bot: check IMAGINE_API_TOKEN and the account");
  else if (err.status === 500) {
    log.error(
      fields,
      "the image service failed with 500 and no reason: a self-hosted ImagineAPI answers this to a body its create hook does not accept, or when its hook or queue (RabbitMQ) fails; see the service's logs",
    );
  } else if (isMissingUpscaleRoute(err) && isUpscaleRequest(err)) {
    log.warn(fields, "the image service has no upscale route (a self-hosted ImagineAPI): Enhance is off");
  } else log.warn(fields, "the image service could not take the request");
}

/**
 * What the user reads for an error, in `t`'s language: a {@link UserError}'s text, a service error explained
 * (renderServiceError), anything else as a generic apology (the detail goes to the log, not to the user).
 * Logs with context on the way.
 */
export function replyPayloadFor(
  err: unknown,
  log: Logger,
  t: Translator,
): { content: string; embeds: APIEmbed[] } {
  if (err instanceof UserError) {
    log.info({ reason: err.message, detail: err.detail }, "request refused");
    return { content: err.textIn(t), embeds: [] };
  }
  if (isServiceError(err)) {
    logServiceError(err, log);
    const payload = renderServiceError(t, err);
    return { content: payload.content, embeds: [...payload.embeds] };
  }
  log.error({ err }, "interaction failed");
  return { content: t("error.generic"), embeds: [] };
}

/**
 * Whether a component interaction was acknowledged as an update of its message (`deferUpdate`/`update`):
 * discord.js sets `ephemeral` only when it answers with a message of its own.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type
 */
function acknowledgedAsUpdate(interaction: RepliableInteraction): boolean {
  return (
    interaction.isMessageComponent() &&
    (interaction.deferred || interaction.replied) &&
    interaction.ephemeral === null
  );
}

/**
 * The one error handler for interactions. A deferred reply is always edited, so it never stays on
 * "thinking..." forever; a click acknowledged as an update gets an ephemeral follow-up; otherwise the
 * answer is an ephemeral reply.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction
 */
export async function replyWithError(
  interaction: RepliableInteraction,
  err: unknown,
  log: Logger,
  t: Translator,
): Promise<void> {
  const answer = replyPayloadFor(err, log, t);
  try {
    if (acknowledgedAsUpdate(interaction)) {
      // The interaction's "reply" is the message the button is on (a grid): an error must not replace it.
      await interaction.followUp({ ...answer, flags: MessageFlags.Ephemeral });
    } else if (interaction.deferred || interaction.replied) {
      await interaction.editReply({ ...answer, components: [], files: [] });
    } else {
      await interaction.reply({ ...answer, flags: MessageFlags.Ephemeral });
    }
  } catch (replyErr) {
    log.warn({ err: replyErr }, "could not tell the user about the failure");
  }
}

/** The longest part of a refused prompt shown back (an embed description holds 4096). */
const REFUSED_PROMPT_LENGTH = 3500;

/** Whether `err` is a refusal the user should read ({@link UserError} or a service error), not a bug. */
export function isRefusal(err: unknown): boolean {
  return err instanceof UserError || isServiceError(err);
}

/** A refusal as shown to the requester (see {@link refuseWithPrompt}), without flags. */
export interface RefusalPayload {
  content: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponent>[];
}

/**
 * What the requester reads for a refusal before any job existed: why, the prompt so it can be copied (a
 * private answer: a banned word is repeated to its writer alone), and `components` (a Try again button).
 */
export function refusalPayload(
  err: unknown,
  prompt: string,
  log: Logger,
  t: Translator,
  components: readonly APIActionRowComponent<APIButtonComponent>[] = [],
): RefusalPayload {
  const answer = replyPayloadFor(err, log, t);
  const promptEmbeds = [{ description: promptBlock(t, prompt, REFUSED_PROMPT_LENGTH) }];
  // renderServiceError's embed is shown without the prompt; the prompt gets its own embed.
  return {
    content: answer.content,
    embeds: [...answer.embeds, ...promptEmbeds],
    components: [...components],
  };
}

/**
 * Answers a refusal before any job exists (a limit, the service unavailable) only to the requester, with
 * the prompt so it can be copied, and `components` (a Try again button). A public deferred reply
 * ("thinking…") is deleted first, as the channel has nothing to see; anything else is handled by
 * {@link replyWithError}.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message
 */
export async function refuseWithPrompt(
  interaction: RepliableInteraction,
  err: unknown,
  prompt: string,
  log: Logger,
  t: Translator,
  components: readonly APIActionRowComponent<APIButtonComponent>[] = [],
): Promise<void> {
  if (!isRefusal(err)) {
    await replyWithError(interaction, err, log, t);
    return;
  }
  const withPrompt = {
    ...refusalPayload(err, prompt, log, t, components),
    flags: MessageFlags.Ephemeral as const,
  };
  try {
    if (interaction.deferred && !interaction.ephemeral) {
      await interaction.deleteReply().catch((deleteErr: unknown) => {
        log.warn({ err: deleteErr }, "could not remove the public placeholder of a refused prompt");
      });
      await interaction.followUp(withPrompt);
    } else if (interaction.deferred || interaction.replied) {
      const { content, embeds } = withPrompt;
      await interaction.editReply({ content, embeds, components: withPrompt.components });
    } else {
      await interaction.reply(withPrompt);
    }
  } catch (replyErr) {
    log.warn({ err: replyErr }, "could not tell the user about the refusal");
  }
}
