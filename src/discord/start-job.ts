import { PermissionFlagsBits, type ButtonInteraction, type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../bot-context.js";
import { RefusedError } from "../imagine/admission.js";
import { interactionLocation } from "./interaction-location.js";

/** Whether the member may manage the server: moderators are exempt from per-user limits. */
export function isModerator(interaction: ChatInputCommandInteraction | ButtonInteraction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

/**
 * Admits the prompt (limits, banned words, service health: a refusal is an ephemeral reply), acknowledges
 * the interaction within Discord's 3 seconds (a public deferred reply), then creates the job; its message
 * is the deferred reply, edited as the job progresses.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction
 */
export async function startImagineJob(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  app: BotContext,
  prompt: string,
): Promise<void> {
  const requester = { requesterId: interaction.user.id, guildId: interaction.guildId, prompt };
  try {
    await app.admission.admit({
      ...requester,
      userId: interaction.user.id,
      isModerator: isModerator(interaction),
    });
  } catch (err) {
    if (err instanceof RefusedError)
      void app.audit.record({ kind: "refused", ...requester, detail: err.reason });
    throw err;
  }
  await interaction.deferReply();
  const job = await app.imagine.submit({
    prompt,
    ref: interaction.id,
    requesterId: interaction.user.id,
    source: "interaction",
    location: interactionLocation(interaction),
  });
  await app.admission.recordSubmission(interaction.user.id);
  void app.audit.record({ kind: "submitted", ...requester, jobId: job.imageId });
}
