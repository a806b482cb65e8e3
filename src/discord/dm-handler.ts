/**
 * DM prompts: a direct message to the bot is treated as a prompt (same checks and flow as /imagine). The
 * bot answers with a message it edits with progress, then the final image or the error.
 * @see https://discord.com/developers/docs/topics/gateway-events#message-create
 */
import { ChannelType, RESTJSONErrorCodes, type Message } from "discord.js";
import type { BotContext } from "../bot-context.js";
import { UserError } from "../errors.js";
import { readMemberLanguage } from "../i18n/choose-language.js";
import { translator, type Translator } from "../i18n/translate.js";
import { gatherHelp } from "../queries/help-facts.js";
import { preparePrompt } from "../prompt/prepare-prompt.js";
import type { Logger } from "../logger.js";
import { normalizePrompt } from "../prompt/parse-prompt.js";
import { renderHelp } from "../render/help.js";
import { renderSubmitting } from "../render/progress.js";
import { discordErrorCode } from "./discord-errors.js";
import { tryAgainRows } from "./components/try-again-rows.js";
import { isRefusal, refusalPayload, replyPayloadFor } from "./reply-with-error.js";
import { promptDefaultsFor } from "../settings/settings-actions.js";
import { admitAndAudit, createAdmitted } from "./start-job.js";

/** Answers a DM prompt, or `null` when the user does not take DMs from the bot (logged). */
async function answerPrompt(message: Message, prompt: string, app: BotContext, log: Logger, t: Translator) {
  const ctx = { requesterId: message.author.id, prompt, jobId: null, startedAt: app.now() };
  try {
    return await message.reply({ ...renderSubmitting(t, ctx), allowedMentions: { repliedUser: false } });
  } catch (err) {
    if (discordErrorCode(err) !== RESTJSONErrorCodes.CannotSendMessagesToThisUser) throw err;
    log.warn("the user does not accept DMs from the bot; the job runs, its result waits for delivery");
    return null;
  }
}

/**
 * Starts the job of a DM prompt; its message is the bot's answer (when it could be posted). A refusal before
 * the job exists (limits, the service unavailable) is that answer, with the prompt and a Try again button
 * (see `components/try-again.ts`): in a DM only the requester sees it, so no ephemeral is needed.
 */
async function startDmJob(
  message: Message,
  prompt: string,
  app: BotContext,
  log: Logger,
  t: Translator,
): Promise<void> {
  const request = {
    requesterId: message.author.id,
    guildId: null,
    prompt,
    isModerator: false,
    ref: message.id,
  };
  const shown: { answer: Message | null } = { answer: null };
  try {
    const ticket = await admitAndAudit(app, request);
    log.info("DM prompt received");
    await createAdmitted(app, ticket, request, async () => {
      shown.answer = await answerPrompt(message, prompt, app, log, t);
      return app.imagine.submit({
        prompt,
        ref: message.id,
        requesterId: message.author.id,
        source: "dm",
        location: {
          applicationId: message.client.application.id,
          interactionToken: null,
          interactionTokenExpiresAt: null,
          guildId: null,
          channelId: message.channelId,
          messageId: shown.answer?.id ?? null,
          channelEditable: shown.answer !== null,
        },
        language: t.language,
      });
    });
  } catch (err) {
    if (!isRefusal(err)) {
      // Without an answer to edit, the caller replies (or logs that the user takes no DMs).
      if (shown.answer === null) throw err;
      await shown.answer.edit(replyPayloadFor(err, log, t));
      return;
    }
    const refused = { id: message.id, userId: message.author.id };
    const rows = await tryAgainRows(app, refused, err, prompt, log, t);
    const refusal = refusalPayload(err, prompt, log, t, rows);
    if (shown.answer === null) await message.reply({ ...refusal, allowedMentions: { repliedUser: false } });
    else await shown.answer.edit(refusal);
  }
}

/**
 * Handles one incoming message; anything that is not a user's DM is ignored. Never throws. A DM has no
 * locale: the answer is in the member's `/settings` language, else English.
 */
export async function handleDirectMessage(message: Message, app: BotContext): Promise<void> {
  if (message.author.bot || message.author.system || message.channel.type !== ChannelType.DM) return;
  const log = app.logger.child({ interactionId: message.id, userId: message.author.id, source: "dm" });
  // Normalised so a message of only invisible characters (zero-width spaces, fillers) counts as empty.
  const text = normalizePrompt(message.content);
  const images = [...message.attachments.values()];
  const t = translator((await readMemberLanguage(app.memberLanguage, message.author.id, log)) ?? "en");
  try {
    // Shown for `help` or an empty message (whitespace and invisible characters only).
    if ((text === "" && images.length === 0) || /^(help|\/?help|\?)$/i.test(text)) {
      const help = await gatherHelp(app, { userId: message.author.id, guildId: null, isModerator: false });
      await message.reply(renderHelp(t, help));
      return;
    }
    const prompt = preparePrompt(
      text,
      images.map((a) => ({ url: a.url, name: a.name, size: a.size, contentType: a.contentType })),
      { maxLength: app.config.PROMPT_MAX_LENGTH, attachmentMaxBytes: app.config.ATTACHMENT_MAX_BYTES },
      await promptDefaultsFor(app.settings, message.author.id),
    );
    await startDmJob(message, prompt, app, log, t);
  } catch (err) {
    if (discordErrorCode(err) === RESTJSONErrorCodes.CannotSendMessagesToThisUser) {
      log.info("the user does not accept DMs from the bot; nothing to answer");
      return;
    }
    try {
      await message.reply({ ...replyPayloadFor(err, log, t), allowedMentions: { repliedUser: false } });
    } catch (replyErr) {
      log.warn(
        { err: replyErr, original: err instanceof UserError ? err.message : String(err) },
        "could not answer a DM",
      );
    }
  }
}
