import { MessageFlags, type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import type { Config } from "../../src/config.js";
import { chooseLanguages } from "../../src/i18n/choose-language.js";
import { memberCommand, withTexts, type Command, type CommandContext } from "../../src/discord/command.js";
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from "../../src/i18n/languages.js";
import { checkAspectRatio, checkSuffix, type DefaultsCheck } from "../../src/prompt/check-defaults.js";
import { PromptProblemsError } from "../../src/prompt/prompt-problems-error.js";
import { renderMemberSettings, renderSettingsChanged } from "../../src/render/settings.js";
import { shownMemberSettings } from "../../src/render/setting-values.js";
import type { MemberEdit } from "../../src/settings/member-edits.js";
import { isSpeed } from "../../src/prompt/speed.js";
import { parseSpeeds } from "../shared/speed-list.js";
import { suggestSpeeds } from "../config/speed-options.js";
import { changeMemberSettings, resetMemberSettings } from "../../src/settings/settings-actions.js";

/**
 * `/settings`: a member's own preferences, the same in every server and in DMs; every answer is ephemeral.
 * @see https://discord.com/developers/docs/interactions/application-commands#subcommands-and-subcommand-groups
 */
const data = (config: Config) =>
  memberCommand("settings")
    .addSubcommand((sub) => withTexts(sub, "command.settings.show"))
    .addSubcommand((sub) =>
      withTexts(sub, "command.settings.suffix").addStringOption((option) =>
        withTexts(option, "command.settings.suffix.text").setMaxLength(config.PROMPT_MAX_LENGTH),
      ),
    )
    .addSubcommand((sub) =>
      withTexts(sub, "command.settings.aspect-ratio").addStringOption((option) =>
        withTexts(option, "command.settings.aspect-ratio.ratio").setMaxLength(20),
      ),
    )
    .addSubcommand((sub) =>
      withTexts(sub, "command.settings.delivery").addStringOption((option) =>
        withTexts(option, "command.settings.delivery.where")
          .setRequired(true)
          .addChoices({ name: "In the channel", value: "channel" }, { name: "By DM", value: "dm" }),
      ),
    )
    .addSubcommand((sub) =>
      withTexts(sub, "command.settings.language").addStringOption((option) =>
        withTexts(option, "command.settings.language.language").addChoices(
          ...LANGUAGES.map((value) => ({ name: LANGUAGE_NAMES[value], value })),
        ),
      ),
    )
    .addSubcommand((sub) =>
      withTexts(sub, "command.settings.speed").addStringOption((option) =>
        // Suggested (only the speeds the pool can run), not fixed choices: see `suggestSpeeds`.
        withTexts(option, "command.settings.speed.speed").setAutocomplete(true).setMaxLength(10),
      ),
    )
    .addSubcommand((sub) => withTexts(sub, "command.settings.reset"));

/** The checked value, or the check's problems as a refusal. */
function checked(result: DefaultsCheck): string {
  if (!result.ok) throw new PromptProblemsError(result.problems);
  return result.value;
}

/** The edit a subcommand asks for (`show`/`reset` are not edits). */
function editOf(interaction: ChatInputCommandInteraction, config: Config): MemberEdit {
  const { options } = interaction;
  switch (options.getSubcommand()) {
    case "suffix": {
      const text = options.getString("text")?.trim() ?? "";
      return {
        key: "suffix",
        value: text === "" ? null : checked(checkSuffix(text, config.PROMPT_MAX_LENGTH)),
      };
    }
    case "aspect-ratio": {
      const ratio = options.getString("ratio")?.trim() ?? "";
      return { key: "aspectRatio", value: ratio === "" ? null : checked(checkAspectRatio(ratio)) };
    }
    case "delivery":
      return { key: "delivery", value: options.getString("where", true) === "dm" ? "dm" : "channel" };
    case "language": {
      const language = options.getString("language");
      return { key: "language", value: language !== null && isLanguage(language) ? language : null };
    }
    case "speed": {
      const speed = options.getString("speed");
      return { key: "speed", value: speed !== null && isSpeed(speed) ? speed : null };
    }
    default:
      throw new Error(`unknown /settings subcommand ${options.getSubcommand()}`);
  }
}

async function execute({ interaction, app, lang }: CommandContext<BotContext>): Promise<void> {
  const t = lang.ephemeral;
  const userId = interaction.user.id;
  const ephemeral = { flags: MessageFlags.Ephemeral } as const;
  switch (interaction.options.getSubcommand()) {
    case "show": {
      const settings = await app.settings.member(userId);
      await interaction.reply({ ...renderMemberSettings(t, shownMemberSettings(settings, t)), ...ephemeral });
      return;
    }
    case "reset": {
      const changes = await resetMemberSettings(app.settings, userId, t);
      await interaction.reply({ ...renderSettingsChanged(t, changes, "member"), ...ephemeral });
      return;
    }
    default: {
      const edit = editOf(interaction, app.config);
      // Only speeds some server of the pool can run are taken (a self-hosted ImagineAPI cannot follow relax).
      if (edit.key === "speed" && typeof edit.value === "string") parseSpeeds(edit.value, app.pool.speeds);
      // A new language is confirmed in that language (none chosen: in the member's Discord language).
      const answerIn =
        edit.key === "language"
          ? chooseLanguages({ member: edit.value ?? undefined, locale: interaction.locale }).ephemeral
          : t;
      const changes = await changeMemberSettings(app.settings, userId, edit, answerIn);
      await interaction.reply({ ...renderSettingsChanged(answerIn, changes, "member"), ...ephemeral });
    }
  }
}

export default {
  data,
  execute,
  autocomplete: ({ interaction, app, lang }) =>
    suggestSpeeds(interaction, app, lang.ephemeral, "command.settings.speed.speed"),
} satisfies Command<BotContext>;
