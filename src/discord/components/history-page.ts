/**
 * The ◀ Newer / Older ▶ buttons of `/history`: the id carries whose list it is and which page to show,
 * so paging works after a restart and never shows someone else's list.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type (UPDATE_MESSAGE)
 */
import type { Translator } from "../../i18n/translate.js";
import type { BotContext } from "../../bot-context.js";
import { UserError } from "../../errors.js";
import { HISTORY_PAGE_SIZE, loadHistoryPage, MAX_HISTORY_PAGE } from "../../queries/history.js";
import { renderHistory } from "../../render/history.js";
import type { MessagePayload } from "../../render/payload.js";
import type { ComponentHandler, IdCodec } from "../component.js";
import { isSnowflake, requireSnowflake } from "./id-parts.js";
import { showJobCodec } from "./show-job.js";

/** What a page button asks for. */
export interface HistoryPageId {
  readonly requesterId: string;
  /** 0-based. */
  readonly page: number;
}

const PREFIX = "history";
const ID = /^history:(\d+):(\d{1,4})$/;

/** `history:<requesterId>:<page>`. */
export const historyPageCodec: IdCodec<HistoryPageId> = {
  encode({ requesterId, page }) {
    requireSnowflake(requesterId);
    if (!Number.isInteger(page) || page < 0 || page > MAX_HISTORY_PAGE) {
      throw new RangeError(`history page must be a whole number from 0 to ${MAX_HISTORY_PAGE}, got ${page}`);
    }
    return `${PREFIX}:${requesterId}:${page}`;
  },
  decode(customId) {
    const match = ID.exec(customId);
    if (match?.[1] === undefined || match[2] === undefined || !isSnowflake(match[1])) return null;
    return { requesterId: match[1], page: Number(match[2]) };
  },
};

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
  prefix: PREFIX,
  codec: historyPageCodec,
  async execute(interaction, { requesterId, page }, app, _log, lang) {
    if (interaction.user.id !== requesterId) throw new UserError((t) => t("history.notYours"));
    if (!interaction.isButton()) throw new UserError((t) => t("error.deadControl"));
    await interaction.update(
      await historyMessage(lang.ephemeral, app, requesterId, interaction.guildId, page),
    );
  },
};
