import type { BotContext } from "../../src/bot-context.js";
import type { Config } from "../../src/config.js";
import { memberCommand, withTexts, type Command, type CommandContext } from "../../src/discord/command.js";
import { checkAndStartJob } from "./interaction-start.js";
import { preparePrompt } from "../../src/prompt/prepare-prompt.js";

/**
 * `/imagine prompt:<text> [image:<attachment>]`: in servers and in the bot's DMs.
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
const data = (config: Config) =>
  memberCommand("imagine")
    .addStringOption((option) =>
      withTexts(option, "command.imagine.prompt").setRequired(true).setMaxLength(config.PROMPT_MAX_LENGTH),
    )
    .addAttachmentOption((option) => withTexts(option, "command.imagine.image"));

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
