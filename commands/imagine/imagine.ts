import type { BotContext } from "../../src/bot-context.js";
import type { Config } from "../../src/config.js";
import { memberCommand, withTexts, type Command, type CommandContext } from "../../src/discord/command.js";
import { checkAndStartJob } from "./interaction-start.js";
import { refuseWithPrompt } from "../../src/discord/reply-with-error.js";
import { preparePrompt } from "../../src/prompt/prepare-prompt.js";
import { STYLE_NAME_MAX_LENGTH } from "../../src/settings/styles.js";
import { chosenStyle, suggestStyles } from "../shared/style-option.js";

/**
 * `/imagine prompt:<text> [image:<attachment>] [style:<name>]`: in servers and in the bot's DMs; `style`
 * suggests the server's styles as the member types (autocomplete).
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
const data = (config: Config) =>
  memberCommand("imagine")
    .addStringOption((option) =>
      withTexts(option, "command.imagine.prompt").setRequired(true).setMaxLength(config.PROMPT_MAX_LENGTH),
    )
    .addAttachmentOption((option) => withTexts(option, "command.imagine.image"))
    .addStringOption((option) =>
      withTexts(option, "command.imagine.style").setMaxLength(STYLE_NAME_MAX_LENGTH).setAutocomplete(true),
    );

async function execute(context: CommandContext<BotContext>): Promise<void> {
  const { interaction, app } = context;
  const image = interaction.options.getAttachment("image");
  const text = interaction.options.getString("prompt", true);
  let style;
  try {
    style = await chosenStyle(interaction, app);
  } catch (err) {
    // Only the requester reads why, with their prompt to copy and send again.
    await refuseWithPrompt(interaction, err, text, context.log, context.lang.ephemeral);
    return;
  }
  await checkAndStartJob(
    interaction,
    context,
    text,
    (defaults) =>
      preparePrompt(
        text,
        image ? [image] : [],
        { maxLength: app.config.PROMPT_MAX_LENGTH, attachmentMaxBytes: app.config.ATTACHMENT_MAX_BYTES },
        defaults,
      ),
    style ? { style } : {},
  );
}

export default {
  data,
  execute,
  autocomplete: ({ interaction, app }) => suggestStyles(interaction, app),
} satisfies Command<BotContext>;
