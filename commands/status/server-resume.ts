/**
 * The Resume button of `/imagine-status`: a moderator (Manage Server, checked on every click) resumes an
 * image server held after a notice about its Midjourney account; the audit channel records who did.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type
 */
import { MessageFlags, type MessageComponentInteraction } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import type { Translator } from "../../src/i18n/translate.js";
import { escapeMarkdown } from "../../src/render/markdown.js";
import { gatherStatus } from "./status-query.js";
import { renderStatus } from "./status-view.js";

/** Resumes server number `number` for the moderator who clicked, shows page `page` again and says so to them. */
export async function resumeServer(
  interaction: MessageComponentInteraction,
  app: BotContext,
  t: Translator,
  guildId: string,
  action: { page: number; server: number },
): Promise<void> {
  const server = app.pool.servers.find((s) => s.number === action.server);
  if (!server)
    throw new UserError((tr) => tr("accountHealth.unknownServer", { server: String(action.server) }));
  await interaction.deferUpdate();
  const ended = await app.accounts.resume(server.name);
  if (ended) {
    void app.audit.serverResumed({
      server: server.name,
      by: interaction.user.id,
      guildId,
      notice: ended.notice,
    });
    // Jobs waiting in line start on it at the line's next look (every 2 s while jobs wait).
  }
  await interaction.editReply(renderStatus(t, await gatherStatus(app, guildId, action.page)));
  const name = escapeMarkdown(server.name);
  await interaction.followUp({
    content: ended
      ? t("accountHealth.resumed", { server: name })
      : t("accountHealth.notHeld", { server: name }),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}
