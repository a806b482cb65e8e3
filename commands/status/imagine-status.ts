import {
  ApplicationIntegrationType,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
} from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { slashCommand, withTexts, type Command, type CommandContext } from "../../src/discord/command.js";
import { requireModerator } from "../../src/discord/moderator.js";
import { UserError } from "../../src/errors.js";
import { gatherStatus } from "./status-query.js";
import { isWaiting } from "../../src/imagine/job.js";
import { inlineCode } from "../../src/render/markdown.js";
import { messageJumpLink } from "../../src/render/message-link.js";
import { renderJobDetails } from "./status-job-view.js";
import { renderStatus } from "./status-view.js";

/**
 * `/imagine-status [job]`: for moderators (Manage Server). Hidden from others by
 * `default_member_permissions`, and checked again here because server admins can override that.
 * @see https://discord.com/developers/docs/interactions/application-commands#permissions
 */
const data = slashCommand("imagine-status")
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .setContexts(InteractionContextType.Guild)
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall)
  .addStringOption((option) => withTexts(option, "command.imagine-status.job").setMaxLength(100));

async function execute({ interaction, app, lang }: CommandContext<BotContext>): Promise<void> {
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
  // A job waiting in the bot's line has no record anywhere yet: nothing to ask a server.
  const waiting = isWaiting(job);
  const record = waiting ? null : await app.pool.getImage(job.imageId).catch(() => null);
  const place = waiting ? (app.imagine.placesInLine().get(job.imageId) ?? 0) : 0;
  const down = waiting && !app.pool.someServerUp() && app.pool.reopensAt() === null;
  await interaction.editReply(renderJobDetails(t, job, record, messageJumpLink(job.location), place, down));
}

export default { data, execute } satisfies Command<BotContext>;
