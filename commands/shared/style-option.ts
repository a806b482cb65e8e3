/**
 * `/imagine`'s `style` option: the server's styles (`/imagine-config styles`) suggested as the member types
 * (Discord autocomplete), and the style chosen read back when the command runs. Suggestions are only
 * suggestions: a member may send any text, or a style removed since, so the name is checked again here.
 * @see https://discord.com/developers/docs/interactions/application-commands#autocomplete
 */
import type { AutocompleteInteraction, ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import { findStyle, styleChoices, type Style } from "../../src/settings/styles.js";
import { inlineCode } from "../../src/render/markdown.js";

/** The name of the option, in `/imagine` and in `/imagine-config styles remove`. */
export const STYLE_OPTION = "style";

/** Suggests the server's styles matching what the member typed in the focused option (none in DMs). */
export async function suggestStyles(
  interaction: AutocompleteInteraction,
  app: Pick<BotContext, "settings">,
): Promise<void> {
  const typed = String(interaction.options.getFocused());
  const styles = interaction.guildId ? (await app.settings.guild(interaction.guildId)).styles : undefined;
  await interaction.respond(styleChoices(styles, typed));
}

/**
 * The style named by the `style` option, or undefined when none was given.
 * @throws {UserError} when this server keeps no style of that name (removed since it was suggested, typed
 *   by hand, or given in DMs, where there are no styles), naming the ones it keeps.
 */
export async function chosenStyle(
  interaction: ChatInputCommandInteraction,
  app: Pick<BotContext, "settings">,
): Promise<Style | undefined> {
  const name = interaction.options.getString(STYLE_OPTION)?.trim();
  if (name === undefined || name === "") return undefined;
  if (!interaction.guildId) throw new UserError((t) => t("styles.noneInDms"));
  const styles = (await app.settings.guild(interaction.guildId)).styles ?? [];
  const style = findStyle(styles, name);
  if (style) return style;
  const shown = inlineCode(name);
  const names = styles.map((s) => inlineCode(s.name)).join(", ");
  throw new UserError((t) =>
    styles.length === 0
      ? t("styles.unknownNoStyles", { name: shown })
      : t("styles.unknown", { name: shown, names }),
  );
}
