import { MessageFlags } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { memberCommand, type Command, type CommandContext } from "../../src/discord/command.js";
import { requesterOf } from "../../src/discord/submission-place.js";
import { renderQuota } from "./quota-view.js";

/**
 * `/quota`: what you have left today where you ask (images of the day, with the limit and where it comes
 * from, and when the count starts again), your jobs in flight and your cooldown. Ephemeral.
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
const data = memberCommand("quota");

async function execute({ interaction, app, lang }: CommandContext<BotContext>): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const requester = requesterOf(interaction);
  const quota = await app.admission.quota(requester);
  await interaction.editReply(renderQuota(lang.ephemeral, quota, requester));
}

export default { data, execute } satisfies Command<BotContext>;
