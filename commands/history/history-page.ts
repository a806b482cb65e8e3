/**
 * The ◀ Newer / Older ▶ buttons of `/history`: the id carries whose list it is and which page to show,
 * so paging works after a restart and never shows someone else's list.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type (UPDATE_MESSAGE)
 */
import type { Translator } from "../../src/i18n/translate.js";
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import { HISTORY_PAGE_SIZE, loadHistoryPage } from "./history-query.js";
import { renderHistory } from "./history-view.js";
import type { MessagePayload } from "../../src/render/payload.js";
import type { ComponentHandler } from "../../src/discord/component.js";
import { HISTORY_PAGE_PREFIX, historyPageCodec, type HistoryPageId } from "./history-page-id.js";
import { showJobCodec } from "./show-job-id.js";

/** Page `page` of the member's `/history` where they ask (a server, or DMs), ready to send. */
export async function historyMessage(
  t: Translator,
  app: Pick<BotContext, "store">,
  requesterId: string,
  guildId: string | null,
  page: number,
): Promise<MessagePayload> {
  const history = await loadHistoryPage(app.store, { requesterId, guildId, page });
  return renderHistory(t, history, HISTORY_PAGE_SIZE, {
    page: (n) => historyPageCodec.encode({ requesterId, page: n }),
    show: (job) => showJobCodec.tryEncode(job.imageId),
  });
}

export const historyPageHandler: ComponentHandler<HistoryPageId, BotContext> = {
  prefix: HISTORY_PAGE_PREFIX,
  codec: historyPageCodec,
  async execute(interaction, { requesterId, page }, { app, lang }) {
    if (interaction.user.id !== requesterId) throw new UserError((t) => t("history.notYours"));
    if (!interaction.isButton()) throw new UserError((t) => t("error.deadControl"));
    await interaction.update(
      await historyMessage(lang.ephemeral, app, requesterId, interaction.guildId, page),
    );
  },
};
