import {
  ApplicationIntegrationType,
  ChannelType,
  InteractionContextType,
  MessageFlags,
  type InteractionReplyOptions,
  PermissionFlagsBits,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import {
  slashCommand,
  withTexts,
  type Command,
  type CommandContext,
  type CommandTextPath,
} from "../../src/discord/command.js";
import { en } from "../../src/i18n/locales/en.js";
import type { Translator } from "../../src/i18n/translate.js";
import type { GuildSettings } from "../../src/settings/settings.js";
import { configEditOf, LIMIT_OPTIONS, MEMBER_LIMITS, subcommandPath } from "./config-options.js";
import { requireModerator } from "../../src/discord/moderator.js";
import { answerPaused, PAUSED_PATHS } from "./paused-members.js";
import { SPEED_PATHS, speedEditOf, suggestSpeeds } from "./speed-options.js";
import { renderChannelPicker, renderConfigShow, resetConfirmRow } from "./config-view.js";
import { renderBannedWords, renderResetQuestion, renderSettingsChanged } from "../../src/render/settings.js";
import { shownGuildSettings } from "../../src/render/setting-values.js";
import { effectiveSettings, ownerDefaults } from "../../src/settings/effective-settings.js";
import { changeServerSettings } from "../../src/settings/settings-actions.js";
import { renderStyles } from "./styles-view.js";
import { stylesGroup } from "./styles-options.js";
import { suggestStyles } from "../shared/style-option.js";

/** Adds the integer options of `names` to the `set` subcommand of `group`, described as `en.ts` writes them. */
function withLimits(
  sub: SlashCommandSubcommandBuilder,
  group: "limits" | "role-limits",
  names: readonly (keyof typeof LIMIT_OPTIONS)[],
) {
  for (const name of names) {
    const { option, min, max } = LIMIT_OPTIONS[name];
    // Not every group has every option: the localization test checks each path has its texts.
    const path = `command.imagine-config.${group}.set.${option}` as CommandTextPath;
    sub.addIntegerOption((o) => withTexts(o, path).setMinValue(min).setMaxValue(max));
  }
  return sub;
}

/**
 * `/imagine-config`: this server's settings, for moderators (Manage Server). Hidden from others by
 * `default_member_permissions`, and checked again when run because server admins can override that.
 * @see https://discord.com/developers/docs/interactions/application-commands#permissions
 */
const data = slashCommand("imagine-config")
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .setContexts(InteractionContextType.Guild)
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall)
  .addSubcommand((s) => withTexts(s, "command.imagine-config.show"))
  .addSubcommandGroup((g) =>
    withTexts(g, "command.imagine-config.limits")
      .addSubcommand((s) =>
        withLimits(withTexts(s, "command.imagine-config.limits.set"), "limits", [
          ...MEMBER_LIMITS,
          "guildMaxActive",
        ]),
      )
      .addSubcommand((s) =>
        withTexts(s, "command.imagine-config.limits.clear").addStringOption((o) =>
          withTexts(o, "command.imagine-config.limits.clear.limit").addChoices(
            ...Object.values(LIMIT_OPTIONS).map(({ option }) => ({
              name: en[`command.imagine-config.limits.clear.limit.choice.${option}`],
              value: option,
            })),
          ),
        ),
      ),
  )
  .addSubcommandGroup((g) =>
    withTexts(g, "command.imagine-config.role-limits")
      .addSubcommand((s) =>
        withLimits(
          withTexts(s, "command.imagine-config.role-limits.set").addRoleOption((o) =>
            withTexts(o, "command.imagine-config.role-limits.set.role").setRequired(true),
          ),
          "role-limits",
          MEMBER_LIMITS,
        ),
      )
      .addSubcommand((s) =>
        withTexts(s, "command.imagine-config.role-limits.clear").addRoleOption((o) =>
          withTexts(o, "command.imagine-config.role-limits.clear.role").setRequired(true),
        ),
      ),
  )
  .addSubcommandGroup((g) =>
    withTexts(g, "command.imagine-config.banned-words")
      .addSubcommand((s) =>
        withTexts(s, "command.imagine-config.banned-words.add").addStringOption((o) =>
          withTexts(o, "command.imagine-config.banned-words.add.words").setRequired(true).setMaxLength(1000),
        ),
      )
      .addSubcommand((s) =>
        withTexts(s, "command.imagine-config.banned-words.remove").addStringOption((o) =>
          withTexts(o, "command.imagine-config.banned-words.remove.words")
            .setRequired(true)
            .setMaxLength(1000),
        ),
      )
      .addSubcommand((s) => withTexts(s, "command.imagine-config.banned-words.list")),
  )
  .addSubcommandGroup((g) =>
    withTexts(g, "command.imagine-config.audit-channel")
      .addSubcommand((s) =>
        withTexts(s, "command.imagine-config.audit-channel.set").addChannelOption((o) =>
          withTexts(o, "command.imagine-config.audit-channel.set.channel")
            .setRequired(true)
            .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
        ),
      )
      .addSubcommand((s) => withTexts(s, "command.imagine-config.audit-channel.clear")),
  )
  .addSubcommand((s) => withTexts(s, "command.imagine-config.channels"))
  .addSubcommand((s) =>
    withTexts(s, "command.imagine-config.age-restricted-only").addBooleanOption((o) =>
      withTexts(o, "command.imagine-config.age-restricted-only.enabled").setRequired(true),
    ),
  )
  .addSubcommandGroup((g) =>
    withTexts(g, "command.imagine-config.default-parameters")
      .addSubcommand((s) =>
        withTexts(s, "command.imagine-config.default-parameters.set").addStringOption((o) =>
          withTexts(o, "command.imagine-config.default-parameters.set.parameters")
            .setRequired(true)
            .setMaxLength(500),
        ),
      )
      .addSubcommand((s) => withTexts(s, "command.imagine-config.default-parameters.clear")),
  )
  .addSubcommand((s) =>
    withTexts(s, "command.imagine-config.enhance").addBooleanOption((o) =>
      withTexts(o, "command.imagine-config.enhance.enabled").setRequired(true),
    ),
  )
  .addSubcommand((s) =>
    withTexts(s, "command.imagine-config.speeds")
      .addStringOption((o) =>
        // Suggested (only the speeds the pool can run), not fixed choices: see `suggestSpeeds`.
        withTexts(o, "command.imagine-config.speeds.default").setAutocomplete(true),
      )
      .addStringOption((o) => withTexts(o, "command.imagine-config.speeds.allowed").setMaxLength(40)),
  )
  .addSubcommandGroup((g) =>
    withTexts(g, "command.imagine-config.role-speeds")
      .addSubcommand((s) =>
        withTexts(s, "command.imagine-config.role-speeds.set")
          .addRoleOption((o) => withTexts(o, "command.imagine-config.role-speeds.set.role").setRequired(true))
          .addStringOption((o) =>
            withTexts(o, "command.imagine-config.role-speeds.set.speeds").setRequired(true).setMaxLength(40),
          ),
      )
      .addSubcommand((s) =>
        withTexts(s, "command.imagine-config.role-speeds.clear").addRoleOption((o) =>
          withTexts(o, "command.imagine-config.role-speeds.clear.role").setRequired(true),
        ),
      ),
  )
  .addSubcommandGroup((g) =>
    withTexts(g, "command.imagine-config.paused")
      .addSubcommand((s) => withTexts(s, "command.imagine-config.paused.list"))
      .addSubcommand((s) =>
        withTexts(s, "command.imagine-config.paused.lift").addUserOption((o) =>
          withTexts(o, "command.imagine-config.paused.lift.member").setRequired(true),
        ),
      ),
  )
  .addSubcommand((s) => withTexts(s, "command.imagine-config.reset"))
  .addSubcommandGroup(stylesGroup);

async function execute({ interaction, app, lang }: CommandContext<BotContext>): Promise<void> {
  const t = lang.ephemeral;
  const guildId = requireModerator(interaction);
  const ephemeral = { flags: MessageFlags.Ephemeral } as const;
  const path = subcommandPath(interaction);
  if (PAUSED_PATHS.has(path)) {
    await interaction.reply({ ...(await answerPaused(interaction, app, t, guildId, path)), ...ephemeral });
    return;
  }
  const view = VIEWS[path];
  if (view) {
    const server = await app.settings.guild(guildId);
    await interaction.reply({ ...view({ t, guildId, server, app }), ...ephemeral });
    return;
  }
  const edit = SPEED_PATHS.has(path)
    ? await speedEditOf(interaction, path, app, guildId)
    : configEditOf(interaction, path, app.config);
  const actor = { guildId, userId: interaction.user.id, command: `/imagine-config ${path}` };
  const changes = await changeServerSettings(app, actor, edit, t);
  await interaction.reply({ ...renderSettingsChanged(t, changes, "server"), ...ephemeral });
}

/** What a view subcommand shows from. */
interface ViewInput {
  t: Translator;
  guildId: string;
  server: GuildSettings;
  app: BotContext;
}

/** The subcommands that only show something (the others are edits: `configEditOf`), by path. */
const VIEWS: Readonly<Record<string, (input: ViewInput) => InteractionReplyOptions>> = {
  show: ({ t, server, app }) =>
    renderConfigShow(t, {
      effective: effectiveSettings(ownerDefaults(app.config), server),
      roleLimits: server.roleLimits ?? {},
      ...(server.roleSpeeds ? { roleSpeeds: server.roleSpeeds } : {}),
      ownerBannedWordCount: app.bannedWords.size,
      runnableSpeeds: app.pool.speeds,
      styleNames: (server.styles ?? []).map((s) => s.name),
    }),
  "banned-words list": ({ t, server, app }) =>
    renderBannedWords(
      t,
      server.bannedWords ?? [],
      app.bannedWords.size,
      app.midjourneyBannedWords?.size ?? null,
    ),
  "styles list": ({ t, server }) => renderStyles(t, server.styles ?? []),
  channels: ({ t, guildId, server }) => renderChannelPicker(t, guildId, server.allowedChannelIds ?? []),
  reset: ({ t, guildId, server }) => ({
    ...renderResetQuestion(t, shownGuildSettings(server, t)),
    components: [resetConfirmRow(t, guildId)],
  }),
};

export default {
  data,
  execute,
  // `speeds`' `default` suggests the speeds the pool can run, `styles remove`'s `name` the server's styles.
  autocomplete: ({ interaction, app, lang }) =>
    interaction.options.getFocused(true).name === "default"
      ? suggestSpeeds(interaction, app, lang.ephemeral, "command.imagine-config.speeds.default")
      : suggestStyles(interaction, app),
} satisfies Command<BotContext>;
