import { PermissionFlagsBits, type ButtonInteraction, type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../bot-context.js";
import { RefusedError } from "../imagine/admission.js";
import { interactionLocation } from "./interaction-location.js";

/** Whether the member may manage the server: moderators are exempt from per-user limits. */
export function isModerator(interaction: ChatInputCommandInteraction | ButtonInteraction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

/**
 * Admits a new job (limits, banned words, service health); a refusal is posted to the audit channel before it is thrown.
 * @throws {RefusedError} when the job may not start.
 */
export async function admitAndAudit(
  app: Pick<BotContext, "admission" | "audit">,
  request: { requesterId: string; guildId: string | null; prompt: string; isModerator: boolean },
): Promise<void> {
  const { requesterId, guildId, prompt } = request;
  try {
    await app.admission.admit({ userId: requesterId, guildId, isModerator: request.isModerator, prompt });
  } catch (err) {
    if (err instanceof RefusedError) {
      void app.audit.record({ kind: "refused", requesterId, guildId, prompt, detail: err.reason });
    }
    throw err;
  }
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
  await admitAndAudit(app, { ...requester, isModerator: isModerator(interaction) });
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
