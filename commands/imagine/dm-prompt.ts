/**
 * DM prompts: a direct message to the bot is treated as a prompt: the same checks as /imagine and the same
 * start flow (`start-job.ts`), with a DM responder. The
 * bot answers with a message it edits with progress, then the final image or the error.
 * @see https://discord.com/developers/docs/topics/gateway-events#message-create
 */
import { ChannelType, RESTJSONErrorCodes, type Message } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import { readMemberLanguage } from "../../src/i18n/choose-language.js";
import { translator, type Translator } from "../../src/i18n/translate.js";
import { gatherHelp } from "../help/help-query.js";
import { withoutTypedCommand } from "./dm-text.js";
import { preparePrompt } from "../../src/prompt/prepare-prompt.js";
import type { Logger } from "../../src/logger.js";
import { normalizePrompt } from "../../src/prompt/parse-prompt.js";
import type { Prompt } from "../../src/prompt/prompt.js";
import { renderHelp, type HelpEntry } from "../help/help-view.js";
import { renderSubmitting } from "../../src/render/progress.js";
import { discordErrorCode } from "../../src/discord/discord-errors.js";
import { isRefusal, refusalPayload, replyPayloadFor } from "../../src/discord/reply-with-error.js";
import { promptDefaultsOf } from "../../src/settings/settings-actions.js";
import type { MemberSettings } from "../../src/settings/settings.js";
import { IMAGINE } from "../../src/imagine/job-kind.js";
import type { JobRequest } from "../../src/imagine/job-request.js";
import { startJob, type JobResponder } from "./start-job.js";

/** Answers a DM prompt, or `null` when the user does not take DMs from the bot (logged). */
async function answerPrompt(message: Message, prompt: Prompt, app: BotContext, log: Logger, t: Translator) {
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
 * Answers the start flow (`start-job.ts`) in the bot's DMs: the job's message is the bot's answer (when it
 * could be posted). A refusal before the job exists (limits, the service unavailable) is that answer, with
 * the prompt and a Try again button: in a DM only the requester sees it, so no ephemeral is needed.
 */
function dmResponder(
  message: Message,
  prompt: Prompt,
  { app, log, t, member }: { app: BotContext; log: Logger; t: Translator; member: MemberSettings },
): JobResponder {
  let shown: Message | null = null;
  return {
    source: "dm",
    language: t.language,
    refusalLanguage: t,
    async admit(admit) {
      const admitted = await admit();
      log.info("DM prompt received");
      return admitted;
    },
    deliverByDm: async () => false,
    memberSpeed: async () => member.speed,
    async answer() {
      shown = await answerPrompt(message, prompt, app, log, t);
      return {
        applicationId: message.client.application.id,
        interactionToken: null,
        interactionTokenExpiresAt: null,
        guildId: null,
        channelId: message.channelId,
        messageId: shown?.id ?? null,
        channelEditable: shown !== null,
      };
    },
    async fail(err, rows) {
      if (!isRefusal(err)) {
        // Without an answer to edit, the caller replies (or logs that the user takes no DMs).
        if (shown === null) throw err;
        await shown.edit(replyPayloadFor(err, log, t));
        return;
      }
      const refusal = refusalPayload(err, prompt.text, log, t, rows);
      if (shown === null) await message.reply({ ...refusal, allowedMentions: { repliedUser: false } });
      else await shown.edit(refusal);
    },
  };
}

/** The request of a DM prompt: no server, no roles, no channel rules; `ref` is the message's id. */
function dmJobRequest(message: Message, prompt: Prompt): JobRequest {
  return {
    requester: { userId: message.author.id, guildId: null, isModerator: false },
    ref: message.id,
    place: null,
    prompt,
    kind: IMAGINE,
  };
}

/**
 * Handles one incoming message; anything that is not a user's DM is ignored. Never throws. A DM has no
 * locale: the answer is in the member's `/settings` language, else English.
 */
export async function handleDirectMessage(
  message: Message,
  app: BotContext,
  commandsForHelp: () => readonly HelpEntry[],
): Promise<void> {
  if (message.author.bot || message.author.system || message.channel.type !== ChannelType.DM) return;
  const log = app.logger.child({ interactionId: message.id, userId: message.author.id, source: "dm" });
  // Normalised so a message of only invisible characters (zero-width spaces, fillers) counts as empty.
  // A command typed out of habit (`/imagine a red car`) is not part of the prompt.
  const text = withoutTypedCommand(normalizePrompt(message.content));
  const images = [...message.attachments.values()];
  const t = translator((await readMemberLanguage(app.memberLanguage, message.author.id, log)) ?? "en");
  try {
    // Shown for `help` or an empty message (whitespace and invisible characters only).
    if ((text === "" && images.length === 0) || /^(help|\/?help|\?)$/i.test(text)) {
      const reader = { userId: message.author.id, guildId: null, isModerator: false };
      const help = await gatherHelp(app, reader, commandsForHelp());
      await message.reply(renderHelp(t, help));
      return;
    }
    const member = await app.settings.member(message.author.id);
    const prompt = preparePrompt(
      text,
      images.map((a) => ({ url: a.url, name: a.name, size: a.size, contentType: a.contentType })),
      { maxLength: app.config.PROMPT_MAX_LENGTH, attachmentMaxBytes: app.config.ATTACHMENT_MAX_BYTES },
      promptDefaultsOf(member),
    );
    const responder = dmResponder(message, prompt, { app, log, t, member });
    await startJob(app, dmJobRequest(message, prompt), responder, log);
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
