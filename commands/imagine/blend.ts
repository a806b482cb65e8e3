import type { BotContext } from "../../src/bot-context.js";
import type { Config } from "../../src/config.js";
import {
  memberCommand,
  withTexts,
  type Command,
  type CommandContext,
  type CommandTextPath,
} from "../../src/discord/command.js";
import { checkAndStartJob } from "./interaction-start.js";
import {
  BLEND_ASPECTS,
  BLEND_MAX_IMAGES,
  BLEND_MIN_IMAGES,
  prepareBlend,
} from "../../src/prompt/prepare-blend.js";

const IMAGE_OPTIONS = Array.from({ length: BLEND_MAX_IMAGES }, (_, i) => `image${i + 1}`);

/**
 * `/blend image1 image2 [image3..image5] [prompt] [aspect]`: 2-5 images blended into one, in servers and
 * in the bot's DMs. Checked and followed exactly like an `/imagine` with images.
 * @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-type
 */
const data = (config: Config) => {
  const builder = memberCommand("blend");
  IMAGE_OPTIONS.forEach((name, i) =>
    builder.addAttachmentOption((option) =>
      withTexts(option, `command.blend.${name}` as CommandTextPath).setRequired(i < BLEND_MIN_IMAGES),
    ),
  );
  return builder
    .addStringOption((option) =>
      withTexts(option, "command.blend.prompt").setMaxLength(config.PROMPT_MAX_LENGTH),
    )
    .addStringOption((option) => withTexts(option, "command.blend.aspect").addChoices(...BLEND_ASPECTS));
};

async function execute(context: CommandContext<BotContext>): Promise<void> {
  const { interaction, app } = context;
  const text = interaction.options.getString("prompt") ?? "";
  await checkAndStartJob(interaction, context, text, (defaults) =>
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
