import { type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../src/bot-context.js";
import type { InteractionLanguages } from "../src/i18n/choose-language.js";
import type { Config } from "../src/config.js";
import type { Logger } from "../src/logger.js";
import { memberCommand, type Command } from "../src/discord/command.js";
import { checkAndStartJob } from "../src/discord/start-job.js";
import { preparePrompt } from "../src/prompt/prepare-prompt.js";

/**
 * `/imagine prompt:<text> [image:<attachment>]`: in servers and in the bot's DMs.
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
const data = (config: Config) =>
  memberCommand("imagine", "Create an image from a text prompt")
    .addStringOption((option) =>
      option
        .setName("prompt")
        .setDescription("What to draw. Midjourney parameters work, e.g. --ar 16:9")
        .setRequired(true)
        .setMaxLength(config.PROMPT_MAX_LENGTH),
    )
    .addAttachmentOption((option) =>
      option.setName("image").setDescription("An image to start from (PNG, JPEG, WebP or GIF)"),
    );

async function execute(
  interaction: ChatInputCommandInteraction,
  app: BotContext,
  _log: Logger,
  lang: InteractionLanguages,
): Promise<void> {
  const image = interaction.options.getAttachment("image");
  const text = interaction.options.getString("prompt", true);
  await checkAndStartJob(interaction, app, text, lang, (defaults) =>
    preparePrompt(
      text,
      image ? [image] : [],
      { maxLength: app.config.PROMPT_MAX_LENGTH, attachmentMaxBytes: app.config.ATTACHMENT_MAX_BYTES },
      defaults,
    ),
  );
}

export default { data, execute } satisfies Command<BotContext>;
