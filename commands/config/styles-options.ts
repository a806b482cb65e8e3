/**
 * `/imagine-config styles`: `set name text` adds a style or changes its text, `remove name` (the server's
 * styles suggested as the moderator types), `list` shows them with their texts.
 * @see https://discord.com/developers/docs/interactions/application-commands#autocomplete
 */
import type { SlashCommandSubcommandGroupBuilder } from "discord.js";
import { withTexts } from "../../src/discord/command.js";
import { STYLE_NAME_MAX_LENGTH, STYLE_TEXT_MAX_LENGTH } from "../../src/settings/styles.js";

/** The `styles` sub-command group of `/imagine-config`. */
export function stylesGroup(group: SlashCommandSubcommandGroupBuilder): SlashCommandSubcommandGroupBuilder {
  return withTexts(group, "command.imagine-config.styles")
    .addSubcommand((s) =>
      withTexts(s, "command.imagine-config.styles.set")
        .addStringOption((o) =>
          withTexts(o, "command.imagine-config.styles.set.name")
            .setRequired(true)
            .setMaxLength(STYLE_NAME_MAX_LENGTH),
        )
        .addStringOption((o) =>
          withTexts(o, "command.imagine-config.styles.set.text")
            .setRequired(true)
            .setMaxLength(STYLE_TEXT_MAX_LENGTH),
        ),
    )
    .addSubcommand((s) =>
      withTexts(s, "command.imagine-config.styles.remove").addStringOption((o) =>
        withTexts(o, "command.imagine-config.styles.remove.name")
          .setRequired(true)
          .setMaxLength(STYLE_NAME_MAX_LENGTH)
          .setAutocomplete(true),
      ),
    )
    .addSubcommand((s) => withTexts(s, "command.imagine-config.styles.list"));
}
