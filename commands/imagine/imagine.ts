import type { BotContext } from "../../src/bot-context.js";
import type { Config } from "../../src/config.js";
import { memberCommand, type Command, type CommandContext } from "../../src/discord/command.js";
import { checkAndStartJob } from "./interaction-start.js";
import { preparePrompt } from "../../src/imagine/prepare-prompt.js";

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

async function execute(context: CommandContext<BotContext>): Promise<void> {
  const { interaction, app } = context;
  const image = interaction.options.getAttachment("image");
  const text = interaction.options.getString("prompt", true);
  await checkAndStartJob(interaction, context, text, (defaults) =>
    preparePrompt(
      text,
      image ? [image] : [],
      { maxLength: app.config.PROMPT_MAX_LENGTH, attachmentMaxBytes: app.config.ATTACHMENT_MAX_BYTES },
      defaults,
    ),
  );
}

export default { data, execute } satisfies Command<BotContext>;
