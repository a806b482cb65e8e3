/**
 * 🗑️ Delete under a result (a grid, a single image, an enhanced image): the person the message was posted
 * for, and in a server moderators who may manage messages, remove it after a private "Delete this image?"
 * (Delete / Keep); everyone else is refused, privately.
 * The answer is private; the audit channel records who deleted which job's message. It never asks the image
 * service. A used button elsewhere that pointed at the deleted message (U1 on its grid, Enhance on its
 * single image) then says it was deleted (`post-once.ts`).
 * Where the bot is not in the server (a member's install) its token reaches nothing there, and a private
 * question's answer would be an interaction on the question, which cannot reach the result. So the click
 * opens a small form ("Delete this image?"; Submit deletes, closing it keeps): the form's submission is an
 * interaction on the result message itself, whose token deletes it (its `@original`), and says so privately.
 * No channel call is made there.
 * @see https://discord.com/developers/docs/resources/message#delete-message
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type
 * @see https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags
 */
import {
  ButtonStyle,
  MessageFlags,
  PermissionFlagsBits,
  type APIActionRowComponent,
  type APIButtonComponent,
} from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { deleteBotMessage } from "../../src/discord/bot-message.js";
import { interactionReach } from "../../src/discord/interaction-reach.js";
import type { HandlerContext } from "../../src/discord/command.js";
import type { ComponentHandler, ComponentInteraction } from "../../src/discord/component.js";
import type { Translator } from "../../src/i18n/translate.js";
import {
  DELETE_ANSWER_PREFIX,
  deleteAnswerCodec,
  OLD_DELETE_ANSWER_PREFIX,
  oldDeleteAnswerCodec,
  deleteAnswerId,
  type DeleteAnswer,
} from "./delete-confirm-id.js";
import { UserError } from "../../src/errors.js";
import { confirmForm } from "./delete-view.js";
import { isDeliveryError } from "../../src/jobs/delivery-error.js";
import { DELETE_ID_PREFIX, deleteIdCodec, type ResultTool } from "../../src/custom-ids/result-tool-ids.js";

/** Whether the clicker may delete a message posted for `requesterId` (in DMs: only they). */
function mayDelete(interaction: ComponentInteraction, requesterId: string): boolean {
  if (interaction.user.id === requesterId) return true;
  return (
    interaction.inGuild() && (interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false)
  );
}

/** Deletes the result message `messageId` of `channelId` for `tool`, and says how it went (the text key). */
async function deleteResult(
  interaction: ComponentInteraction,
  tool: ResultTool,
  channelId: string,
  messageId: string,
  { app, log }: HandlerContext<BotContext>,
): Promise<"delete.done" | "delete.gone" | "delete.failed"> {
  let outcome: "deleted" | "gone";
  try {
    outcome =
      interactionReach(interaction) === "bot"
        ? await deleteBotMessage(interaction.client.rest, channelId, messageId, log)
        : await interaction.deleteReply().then(() => "deleted" as const);
  } catch (err) {
    if (!isDeliveryError(err)) throw err;
    log.warn({ err, messageId }, "could not delete a result message");
    return "delete.failed";
  }
  log.info({ jobId: tool.jobId, messageId, outcome }, "result message deleted");
  if (outcome === "deleted") {
    const job = await app.imagine.findJob(tool.jobId);
    void app.audit.record({
      kind: "deleted",
      requesterId: tool.requesterId,
      guildId: interaction.guildId,
      prompt: job?.prompt.text ?? "",
      jobId: tool.jobId,
      detail: `Deleted by <@${interaction.user.id}>`,
    });
  }
  return outcome === "deleted" ? "delete.done" : "delete.gone";
}

/**
 * Where only the interaction reaches: deletes the result message through the interaction on it (the click,
 * or the form's submission) and says how it went in a private follow-up.
 */
async function deleteThroughInteraction(
  interaction: ComponentInteraction,
  tool: ResultTool,
  channelId: string,
  messageId: string,
  context: HandlerContext<BotContext>,
): Promise<void> {
  await interaction.deferUpdate();
  const said = await deleteResult(interaction, tool, channelId, messageId, context);
  await interaction.followUp({
    content: context.lang.ephemeral(said, { id: tool.jobId }),
    flags: MessageFlags.Ephemeral,
  });
}

/** The private question's two buttons, or `null` when their ids cannot carry the job (then no question). */
function answerRow(
  t: Translator,
  tool: ResultTool,
  messageId: string,
): APIActionRowComponent<APIButtonComponent> | null {
  const yes = deleteAnswerId({ ...tool, messageId, confirmed: true });
  const no = deleteAnswerId({ ...tool, messageId, confirmed: false });
  if (yes === null || no === null) return null;
  return {
    type: 1,
    components: [
      { type: 2, style: ButtonStyle.Danger, custom_id: yes, label: t("delete.yes"), emoji: { name: "🗑️" } },
      { type: 2, style: ButtonStyle.Secondary, custom_id: no, label: t("delete.no") },
    ],
  };
}

/**
 * 🗑️ Delete: asks first, privately ("Delete this image for everyone?", Delete / Keep), since a deleted
 * message cannot come back; see the module comment.
 */
export const deleteButton: ComponentHandler<ResultTool, BotContext> = {
  prefix: DELETE_ID_PREFIX,
  codec: deleteIdCodec,
  async execute(interaction, tool, context) {
    const { lang } = context;
    const message = interaction.message;
    if (!message) throw new UserError((t) => t("error.deadControl"));
    if (!mayDelete(interaction, tool.requesterId)) throw new UserError((t) => t("delete.notAllowed"));
    if (interactionReach(interaction) === "interaction-only") {
      const form = confirmForm(lang.ephemeral, tool, message.id);
      if (form && !interaction.isModalSubmit()) {
        await interaction.showModal(form);
        return;
      }
      await deleteThroughInteraction(interaction, tool, message.channelId, message.id, context);
      return;
    }
    const row = answerRow(lang.ephemeral, tool, message.id);
    if (row) {
      await interaction.reply({
        content: lang.ephemeral("delete.question", { id: tool.jobId }),
        components: [row],
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
      });
      return;
    }
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const said = await deleteResult(interaction, tool, message.channelId, message.id, context);
    await interaction.editReply(lang.ephemeral(said, { id: tool.jobId }));
  },
};

/**
 * Delete or Keep under the private question: deletes the result message, or leaves it; the question is
 * answered in place. The form's submission (where only the interaction reaches) is a Delete on the result
 * message itself: deleted through its token, then said privately.
 */
export const deleteAnswerButton: ComponentHandler<DeleteAnswer, BotContext> = {
  prefix: DELETE_ANSWER_PREFIX,
  codec: deleteAnswerCodec,
  async execute(interaction, answer, context) {
    const { lang } = context;
    const tool = { jobId: answer.jobId, requesterId: answer.requesterId };
    if (interaction.isModalSubmit() && interaction.isFromMessage() && answer.confirmed) {
      if (!mayDelete(interaction, tool.requesterId)) throw new UserError((t) => t("delete.notAllowed"));
      const { channelId } = interaction.message;
      await deleteThroughInteraction(interaction, tool, channelId, answer.messageId, context);
      return;
    }
    if (!interaction.isButton()) throw new UserError((t) => t("error.deadControl"));
    if (!answer.confirmed) {
      await interaction.update({ content: lang.ephemeral("delete.kept"), components: [] });
      return;
    }
    if (!mayDelete(interaction, tool.requesterId)) throw new UserError((t) => t("delete.notAllowed"));
    const channelId = interaction.channelId;
    if (channelId === null) throw new UserError((t) => t("error.deadControl"));
    await interaction.deferUpdate();
    const said = await deleteResult(interaction, tool, channelId, answer.messageId, context);
    await interaction.editReply({ content: lang.ephemeral(said, { id: tool.jobId }), components: [] });
  },
};

/** Delete or Keep under a question asked before the prefix was renamed (`delok:`): answered the same way. */
export const oldDeleteAnswerButton: ComponentHandler<DeleteAnswer, BotContext> = {
  ...deleteAnswerButton,
  prefix: OLD_DELETE_ANSWER_PREFIX,
  codec: oldDeleteAnswerCodec,
};
