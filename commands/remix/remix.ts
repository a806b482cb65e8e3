/**
 * 🖌️ Remix under a grid or a single image, for the person it was posted for: the button opens a modal
 * with the prompt as it was sent (their suffix and the server's defaults included), and submitting it starts
 * a new job with the edited prompt through the same start flow as /imagine (the prompt checks, banned words,
 * every limit), its messages linking to the message it was remixed from. The member's suffix is not added
 * again: it is in the prompt already, for them to keep or edit. Anyone else is refused privately.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-modal
 */
import type { ModalSubmitInteraction } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import type { HandlerContext } from "../../src/discord/command.js";
import type { ComponentHandler, ComponentInteraction } from "../../src/discord/component.js";
import { UserError } from "../../src/errors.js";
import { REMIX_ID_PREFIX, remixIdCodec, type Remix } from "../../src/custom-ids/result-tool-ids.js";
import { preparePrompt } from "../../src/prompt/prepare-prompt.js";
import { REMIX_PROMPT_FIELD, renderRemixModal } from "./remix-view.js";
import { messageJumpLink } from "../../src/render/message-link.js";
import { loadSource } from "../shared/job-source.js";
import { checkAndStartJob } from "../imagine/interaction-start.js";

/** Opens the modal with the job's prompt prefilled. */
async function openModal(
  interaction: ComponentInteraction,
  remix: Remix,
  { app, lang }: HandlerContext<BotContext>,
) {
  if (!interaction.isButton()) throw new UserError((t) => t("error.deadControl"));
  const { prompt } = await loadSource(remix, app);
  const modal = renderRemixModal(lang.ephemeral, remix, prompt.text, app.config.PROMPT_MAX_LENGTH);
  await interaction.showModal(modal);
}

/** The jump link of the message the modal was opened from, when Discord says which. */
function sourceLink(interaction: ModalSubmitInteraction): string | null {
  const message = interaction.message;
  if (!message) return null;
  return messageJumpLink({
    guildId: interaction.guildId,
    channelId: message.channelId,
    messageId: message.id,
  });
}

/** Starts the remix with the submitted prompt, checked like a typed one. */
async function submitModal(
  interaction: ComponentInteraction,
  remix: Remix,
  context: HandlerContext<BotContext>,
) {
  if (!interaction.isModalSubmit()) throw new UserError((t) => t("error.deadControl"));
  const { app } = context;
  const typed = interaction.fields.getTextInputValue(REMIX_PROMPT_FIELD);
  const limits = {
    maxLength: app.config.PROMPT_MAX_LENGTH,
    attachmentMaxBytes: app.config.ATTACHMENT_MAX_BYTES,
  };
  const origin = { kind: "remix" as const, jobId: remix.jobId, link: sourceLink(interaction) };
  await checkAndStartJob(interaction, context, typed, () => preparePrompt(typed, [], limits), { origin });
}

/** 🖌️ Remix: its button opens the modal, the modal's submit starts the job (see the module comment). */
export const remixHandler: ComponentHandler<Remix, BotContext> = {
  prefix: REMIX_ID_PREFIX,
  codec: remixIdCodec,
  async execute(interaction, remix, context) {
    if (remix.requesterId !== interaction.user.id) throw new UserError((t) => t("remix.notYours"));
    if (remix.step === "open") await openModal(interaction, remix, context);
    else await submitModal(interaction, remix, context);
  },
};
