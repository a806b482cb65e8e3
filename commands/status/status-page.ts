/**
 * The buttons of the `/imagine-status` message: previous, refresh and next page of the jobs in flight, and
 * ✖ Cancel per listed job, Resume per held image server. Moderators only, checked on every click.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type
 */
import { MessageFlags } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import { gatherStatus } from "./status-query.js";
import { inlineCode } from "../../src/render/markdown.js";
import { userMention } from "../../src/render/message-parts.js";
import { renderStatus } from "./status-view.js";
import type { ComponentHandler } from "../../src/discord/component.js";
import { requireModerator } from "../../src/discord/moderator.js";
import { cancelJob } from "../shared/cancel-job.js";
import { STATUS_PREFIX, statusCodec, type StatusAction } from "./status-id.js";
import { shownJobId } from "../../src/imagine/job.js";
import { resumeServer } from "./server-resume.js";

/**
 * Shows the page a status button asks for, in place of the message the button is on; a cancel button first
 * cancels its job (of this server only) and then says so, only to the moderator.
 */
export const statusPage: ComponentHandler<StatusAction, BotContext> = {
  prefix: STATUS_PREFIX,
  codec: statusCodec,
  async execute(interaction, action, { app, log, lang }) {
    const t = lang.ephemeral;
    const guildId = requireModerator(interaction);
    if (!interaction.isMessageComponent()) throw new Error("a status id came with a modal");
    if (action.kind === "page") {
      await interaction.update(renderStatus(t, await gatherStatus(app, guildId, action.page)));
      return;
    }
    if (action.kind === "resume") {
      await resumeServer(interaction, app, t, guildId, action);
      return;
    }
    const job = await app.imagine.findJob(action.jobId);
    if (!job || job.location.guildId !== guildId) {
      const shown = inlineCode(action.jobId.slice(0, 80));
      throw new UserError((tr) => tr("status.unknownJob", { job: shown }));
    }
    const shown = cancelJob(app, job.imageId, interaction.user.id, log);
    await interaction.deferUpdate();
    await shown;
    await interaction.editReply(renderStatus(t, await gatherStatus(app, guildId, action.page)));
    await interaction.followUp({
      content: t("cancel.done", {
        job: inlineCode(shownJobId(job)),
        requester: userMention(job.requesterId),
      }),
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  },
};
