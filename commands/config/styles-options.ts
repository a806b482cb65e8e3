/**
 * `/imagine-config styles`: `set name text` adds a style or changes its text, `remove name` (the server's
 * styles suggested as the moderator types), `list` shows them with their texts.
 * @see https://discord.com/developers/docs/interactions/application-commands#autocomplete
 */
import type { SlashCommandSubcommandGroupBuilder } from "discord.js";
import { en } from "../../src/i18n/locales/en.js";
import { STYLE_NAME_MAX_LENGTH, STYLE_TEXT_MAX_LENGTH } from "../../src/settings/styles.js";

/** The `styles` sub-command group of `/imagine-config`. */
export function stylesGroup(group: SlashCommandSubcommandGroupBuilder): SlashCommandSubcommandGroupBuilder {
  return group
    .setName("styles")
    .setDescription(en["command.imagine-config.styles.description"])
    .addSubcommand((s) =>
      s
        .setName("set")
        .setDescription(en["command.imagine-config.styles.set.description"])
        .addStringOption((o) =>
          o
            .setName("name")
            .setDescription(en["command.imagine-config.styles.set.name.description"])
            .setRequired(true)
            .setMaxLength(STYLE_NAME_MAX_LENGTH),
        )
        .addStringOption((o) =>
          o
            .setName("text")
            .setDescription(en["command.imagine-config.styles.set.text.description"])
            .setRequired(true)
            .setMaxLength(STYLE_TEXT_MAX_LENGTH),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName("remove")
        .setDescription(en["command.imagine-config.styles.remove.description"])
        .addStringOption((o) =>
          o
            .setName("name")
            .setDescription(en["command.imagine-config.styles.remove.name.description"])
            .setRequired(true)
            .setMaxLength(STYLE_NAME_MAX_LENGTH)
            .setAutocomplete(true),
        ),
    )
    .addSubcommand((s) =>
      s.setName("list").setDescription(en["command.imagine-config.styles.list.description"]),
    );
}
