/**
 * A button whose action posts one message per job and action (U1-U4; Enhance, which starts a job, reuses its
 * answers and marking in enhance-button.ts): the post is recorded in the store (`job_posts`, keyed by job id + action), the used
 * button turns primary (blue) on its message, and a click on a button already used answers only the
 * clicker with a link to the message already posted, also after a restart.
 * @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params
 */
import { MessageFlags, type APIActionRowComponent, type APIButtonComponent } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import type { Translator } from "../../src/i18n/translate.js";
import type { OutgoingMessage } from "../../src/imagine/outgoing-message.js";
import { messageNonce, type PostAction, type PostedMessage } from "../../src/imagine/posted-message.js";
import type { Logger } from "../../src/logger.js";
import { messageJumpLink } from "../../src/render/message-link.js";
import { withButtonUsed } from "./used-button-view.js";
import type { ComponentInteraction } from "../../src/discord/component.js";
import { interactionLocation } from "../../src/discord/interaction-location.js";
import { isMessageGone } from "../../src/discord/bot-message.js";
import { interactionReach } from "../../src/discord/interaction-reach.js";

/** What {@link postOnce} posts, and for which job and action. */
export interface PostOnceRequest {
  jobId: string;
  action: PostAction;
  /** How the user calls what is posted, e.g. "U2", for the answer to a repeat click. */
  name: string;
  /** Renders the message after the click is acknowledged; `null` when it answered the clicker itself. */
  render(): Promise<OutgoingMessage | null>;
  log: Logger;
  /** The clicker's language, for the answer to a repeat click. */
  t: Translator;
}

/**
 * Answers a click on a button of `interaction.message` that posts `request` once. A first click posts the
 * message as a reply to the button's message, pinging the clicker, with a nonce per job and action; then
 * records it and turns the button primary. A later click gets an ephemeral link instead.
 */
export async function postOnce(
  interaction: ComponentInteraction,
  app: BotContext,
  request: PostOnceRequest,
): Promise<void> {
  const { jobId, action, log } = request;
  const earlier = await app.store.getPost(jobId, action);
  if (earlier) {
    await interaction.reply({
      content: await earlierPostAnswer(interaction, request.t, request.name, earlier, log),
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  const source = interaction.message;
  await interaction.deferUpdate();
  const message = await request.render();
  if (message === null) return;
  const location = source
    ? { ...interactionLocation(interaction), messageId: source.id }
    : interactionLocation(interaction);
  const posted = await app.messenger.postResult(location, message, {
    requesterId: interaction.user.id,
    nonce: messageNonce(jobId, action),
    ...(source ? { replyTo: source.id } : {}),
    log,
  });
  const { guildId, channelId, messageId, route } = posted;
  log.info({ action, route, messageId }, "posted the message of a button");
  try {
    await app.store.savePost({ jobId, action, guildId, channelId, messageId, postedAt: app.now() });
  } catch (err) {
    // Posted all the same; a click within Discord's nonce window still gets the same message back.
    log.error({ err, action }, "could not record the posted message; a later click may post it again");
  }
  await markUsed(interaction, "interaction", log);
}

/**
 * The ephemeral answer to a click on a button whose message was already posted: its link, or that it was
 * deleted since (🗑️ Delete, or a moderator in Discord), which Discord is asked.
 */
export async function earlierPostAnswer(
  interaction: ComponentInteraction,
  t: Translator,
  name: string,
  post: PostedMessage,
  log: Logger,
): Promise<string> {
  // Where the bot is not in the server its token cannot read the message: it is taken to be there.
  const gone =
    interactionReach(interaction) === "bot" &&
    (await isMessageGone(interaction.client.rest, post.channelId, post.messageId, log));
  return gone ? t("posted.deleted", { name }) : alreadyPosted(t, name, post);
}

/** The answer to a click on a button whose message was already posted: its link when it has one. */
export function alreadyPosted(t: Translator, name: string, post: PostedMessage): string {
  const link = messageJumpLink(post);
  return link === null ? t("posted.already", { name }) : t("posted.alreadyLink", { name, link });
}

/**
 * Turns the clicked button primary on its message: `through` the interaction when the click was
 * acknowledged as an update of that message (`deferUpdate`), else by editing the message itself (the click
 * was answered with a message of its own, which the interaction's reply now is).
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#edit-original-interaction-response
 */
export async function markUsed(
  interaction: ComponentInteraction,
  through: "interaction" | "message",
  log: Logger,
): Promise<void> {
  const source = interaction.message;
  // Where the bot is not in the server, only the click's own answer could edit the message, and it is spent.
  if (!source || (through === "message" && interactionReach(interaction) === "interaction-only")) return;
  const rows = source.components.map((row) => row.toJSON()) as APIActionRowComponent<APIButtonComponent>[];
  const components = withButtonUsed(rows, interaction.customId);
  try {
    if (through === "interaction") await interaction.editReply({ components });
    else await source.edit({ components });
  } catch (err) {
    log.warn({ err }, "could not mark the button as used");
  }
}
