/**
 * 🗑️ Delete under a result (a grid, a single image, an enhanced image): the person the message was posted
 * for, and in a server moderators who may manage messages, remove it; everyone else is refused, privately.
 * The answer is private; the audit channel records who deleted which job's message. It never asks the image
 * service. A used button elsewhere that pointed at the deleted message (U1 on its grid, Enhance on its
 * single image) then says it was deleted (`post-once.ts`).
 * @see https://discord.com/developers/docs/resources/message#delete-message
 * @see https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags
 */
import { MessageFlags, PermissionFlagsBits } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { deleteBotMessage } from "../../src/discord/bot-message.js";
import type { ComponentHandler, ComponentInteraction } from "../../src/discord/component.js";
import { UserError } from "../../src/errors.js";
import { isDeliveryError } from "../../src/jobs/delivery-error.js";
import { DELETE_ID_PREFIX, deleteIdCodec, type ResultTool } from "../../src/custom-ids/result-tool-ids.js";

/** Whether the clicker may delete a message posted for `requesterId` (in DMs: only they). */
function mayDelete(interaction: ComponentInteraction, requesterId: string): boolean {
  if (interaction.user.id === requesterId) return true;
  return (
    interaction.inGuild() && (interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false)
  );
}

/** 🗑️ Delete: removes the message the button is on (see the module comment). */
export const deleteButton: ComponentHandler<ResultTool, BotContext> = {
  prefix: DELETE_ID_PREFIX,
  codec: deleteIdCodec,
  async execute(interaction, tool, { app, log, lang }) {
    const message = interaction.message;
    if (!message) throw new UserError((t) => t("error.deadControl"));
    if (!mayDelete(interaction, tool.requesterId)) throw new UserError((t) => t("delete.notAllowed"));
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    let outcome: "deleted" | "gone";
    try {
      outcome = await deleteBotMessage(interaction.client.rest, message.channelId, message.id, log);
    } catch (err) {
      if (!isDeliveryError(err)) throw err;
      log.warn({ err, messageId: message.id }, "could not delete a result message");
      await interaction.editReply(lang.ephemeral("delete.failed"));
      return;
    }
    log.info({ jobId: tool.jobId, messageId: message.id, outcome }, "result message deleted");
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
    await interaction.editReply(lang.ephemeral(outcome === "deleted" ? "delete.done" : "delete.gone"));
  },
};
