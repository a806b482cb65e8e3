import {
  ApplicationIntegrationType,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from "discord.js";
import type { BotContext } from "../src/bot-context.js";
import type { InteractionLanguages } from "../src/i18n/choose-language.js";
import type { Command } from "../src/discord/command.js";
import { requireModerator } from "../src/discord/moderator.js";
import { UserError } from "../src/errors.js";
import { gatherStatus } from "../src/queries/status-report.js";
import type { Logger } from "../src/logger.js";
import { inlineCode } from "../src/render/markdown.js";
import { messageJumpLink, renderJobDetails, renderStatus } from "../src/render/status.js";

/**
 * `/imagine-status [job]`: for moderators (Manage Server). Hidden from others by
 * `default_member_permissions`, and checked again here because server admins can override that.
 * @see https://discord.com/developers/docs/interactions/application-commands#permissions
 */
const data = new SlashCommandBuilder()
  .setName("imagine-status")
  .setDescription("Image service health, this server's jobs, recent failures and limits (moderators)")
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .setContexts(InteractionContextType.Guild)
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall)
  .addStringOption((option) =>
    option
      .setName("job")
      .setDescription("A job id or the interaction id (ref) it was started by")
      .setMaxLength(100),
  );

async function execute(
  interaction: ChatInputCommandInteraction,
  app: BotContext,
  _log: Logger,
  lang: InteractionLanguages,
): Promise<void> {
  const t = lang.ephemeral;
  const guildId = requireModerator(interaction);
  const jobOption = interaction.options.getString("job")?.trim();
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  if (!jobOption) {
    await interaction.editReply(renderStatus(t, await gatherStatus(app, guildId, 0)));
    return;
  }
  const job = await app.imagine.findJob(jobOption);
  if (!job || job.location.guildId !== guildId) {
    const shown = inlineCode(jobOption.slice(0, 80));
    throw new UserError((tr) => tr("status.unknownJob", { job: shown }));
  }
  const record = await app.service.getImage(job.imageId).catch(() => null);
  await interaction.editReply(renderJobDetails(t, job, record, messageJumpLink(job.location)));
}

export default { data, execute } satisfies Command<BotContext>;
