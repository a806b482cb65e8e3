/**
 * The buttons of the `/imagine-status` message: previous, refresh and next page of the jobs in flight.
 * Moderators only, checked on every click.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type
 */
import type { BotContext } from "../../bot-context.js";
import { gatherStatus } from "../../imagine/status-report.js";
import { renderStatus } from "../../render/status.js";
import type { ComponentHandler } from "../component.js";
import { requireModerator } from "../moderator.js";
import { STATUS_PREFIX, statusCodec, type StatusAction } from "./status-id.js";

/** Shows the page a status button asks for, in place of the message the button is on. */
export const statusPage: ComponentHandler<StatusAction, BotContext> = {
  prefix: STATUS_PREFIX,
  codec: statusCodec,
  async execute(interaction, action, app) {
    const guildId = requireModerator(interaction);
    if (!interaction.isMessageComponent()) throw new Error("a status page id came with a modal");
    await interaction.update(renderStatus(await gatherStatus(app, guildId, action.page)));
  },
};
