import { type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../src/bot-context.js";
import type { InteractionLanguages } from "../src/i18n/choose-language.js";
import type { Config } from "../src/config.js";
import type { Logger } from "../src/logger.js";
import { memberCommand, type Command } from "../src/discord/command.js";
import { checkAndStartJob } from "../src/discord/start-job.js";
import {
  BLEND_ASPECTS,
  BLEND_MAX_IMAGES,
  BLEND_MIN_IMAGES,
  prepareBlend,
} from "../src/prompt/prepare-blend.js";

const IMAGE_OPTIONS = Array.from({ length: BLEND_MAX_IMAGES }, (_, i) => `image${i + 1}`);

/**
 * `/blend image1 image2 [image3..image5] [prompt] [aspect]`: 2-5 images blended into one, in servers and
 * in the bot's DMs. Checked and followed exactly like an `/imagine` with images.
 * @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-type
 */
const data = (config: Config) => {
  const builder = memberCommand(
    "blend",
    `Blend ${BLEND_MIN_IMAGES} to ${BLEND_MAX_IMAGES} images into a new image`,
  );
  IMAGE_OPTIONS.forEach((name, i) =>
    builder.addAttachmentOption((option) =>
      option
        .setName(name)
        .setDescription(`Image ${i + 1} (PNG, JPEG, WebP or GIF)`)
        .setRequired(i < BLEND_MIN_IMAGES),
    ),
  );
  return builder
    .addStringOption((option) =>
      option
        .setName("prompt")
        .setDescription("Optional words (and parameters) after the images")
        .setMaxLength(config.PROMPT_MAX_LENGTH),
    )
    .addStringOption((option) =>
      option
        .setName("aspect")
        .setDescription("Aspect ratio of the result (--ar)")
        .addChoices(...BLEND_ASPECTS),
    );
};

async function execute(
  interaction: ChatInputCommandInteraction,
  app: BotContext,
  _log: Logger,
  lang: InteractionLanguages,
): Promise<void> {
  const text = interaction.options.getString("prompt") ?? "";
  await checkAndStartJob(interaction, app, text, lang, (defaults) =>
    prepareBlend(
      {
        images: IMAGE_OPTIONS.map((name) => interaction.options.getAttachment(name)),
        text,
        aspect: interaction.options.getString("aspect"),
      },
      { maxLength: app.config.PROMPT_MAX_LENGTH, attachmentMaxBytes: app.config.ATTACHMENT_MAX_BYTES },
      defaults,
    ),
  );
}

export default { data, execute } satisfies Command<BotContext>;
