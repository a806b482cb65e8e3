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
import { slashCommand, type Command, type CommandContext } from "../../src/discord/command.js";
import { en } from "../../src/i18n/locales/en.js";
import type { Translator } from "../../src/i18n/translate.js";
import type { GuildSettings } from "../../src/settings/settings.js";
import { configEditOf, LIMIT_OPTIONS, MEMBER_LIMITS, subcommandPath } from "./config-options.js";
import { requireModerator } from "../../src/discord/moderator.js";
import { renderChannelPicker, renderConfigShow, resetConfirmRow } from "../../src/render/config-show.js";
import { renderBannedWords, renderResetQuestion, renderSettingsChanged } from "../../src/render/settings.js";
import { shownGuildSettings } from "../../src/render/setting-values.js";
import { effectiveSettings, ownerDefaults } from "../../src/settings/effective-settings.js";
import { changeServerSettings } from "../../src/settings/settings-actions.js";
import { renderStyles } from "../../src/render/styles.js";
import { stylesGroup } from "./styles-options.js";
import { suggestStyles } from "../imagine/style-option.js";

/** Adds the integer options of `names` to the `set` subcommand of `group`, described as `en.ts` writes them. */
function withLimits(
  sub: SlashCommandSubcommandBuilder,
  group: "limits" | "role-limits",
  names: readonly (keyof typeof LIMIT_OPTIONS)[],
) {
  for (const name of names) {
    const { option, min, max } = LIMIT_OPTIONS[name];
    const description = en[`command.imagine-config.${group}.set.${option}.description` as keyof typeof en];
    sub.addIntegerOption((o) =>
      o.setName(option).setDescription(description).setMinValue(min).setMaxValue(max),
    );
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
  .addSubcommand((s) => s.setName("show").setDescription(en["command.imagine-config.show.description"]))
  .addSubcommandGroup((g) =>
    g
      .setName("limits")
      .setDescription(en["command.imagine-config.limits.description"])
      .addSubcommand((s) =>
        withLimits(
          s.setName("set").setDescription(en["command.imagine-config.limits.set.description"]),
          "limits",
          [...MEMBER_LIMITS, "guildMaxActive"],
        ),
      )
      .addSubcommand((s) =>
        s
          .setName("clear")
          .setDescription(en["command.imagine-config.limits.clear.description"])
          .addStringOption((o) =>
            o
              .setName("limit")
              .setDescription(en["command.imagine-config.limits.clear.limit.description"])
              .addChoices(
                ...Object.values(LIMIT_OPTIONS).map(({ option }) => ({
                  name: en[`command.imagine-config.limits.clear.limit.choice.${option}`],
                  value: option,
                })),
              ),
          ),
      ),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("role-limits")
      .setDescription(en["command.imagine-config.role-limits.description"])
      .addSubcommand((s) =>
        withLimits(
          s
            .setName("set")
            .setDescription(en["command.imagine-config.role-limits.set.description"])
            .addRoleOption((o) =>
              o
                .setName("role")
                .setDescription(en["command.imagine-config.role-limits.set.role.description"])
                .setRequired(true),
            ),
          "role-limits",
          MEMBER_LIMITS,
        ),
      )
      .addSubcommand((s) =>
        s
          .setName("clear")
          .setDescription(en["command.imagine-config.role-limits.clear.description"])
          .addRoleOption((o) =>
            o
              .setName("role")
              .setDescription(en["command.imagine-config.role-limits.clear.role.description"])
              .setRequired(true),
          ),
      ),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("banned-words")
      .setDescription(en["command.imagine-config.banned-words.description"])
      .addSubcommand((s) =>
        s
          .setName("add")
          .setDescription(en["command.imagine-config.banned-words.add.description"])
          .addStringOption((o) =>
            o
              .setName("words")
              .setDescription(en["command.imagine-config.banned-words.add.words.description"])
              .setRequired(true)
              .setMaxLength(1000),
          ),
      )
      .addSubcommand((s) =>
        s
          .setName("remove")
          .setDescription(en["command.imagine-config.banned-words.remove.description"])
          .addStringOption((o) =>
            o
              .setName("words")
              .setDescription(en["command.imagine-config.banned-words.remove.words.description"])
              .setRequired(true)
              .setMaxLength(1000),
          ),
      )
      .addSubcommand((s) =>
        s.setName("list").setDescription(en["command.imagine-config.banned-words.list.description"]),
      ),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("audit-channel")
      .setDescription(en["command.imagine-config.audit-channel.description"])
      .addSubcommand((s) =>
        s
          .setName("set")
          .setDescription(en["command.imagine-config.audit-channel.set.description"])
          .addChannelOption((o) =>
            o
              .setName("channel")
              .setDescription(en["command.imagine-config.audit-channel.set.channel.description"])
              .setRequired(true)
              .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
          ),
      )
      .addSubcommand((s) =>
        s.setName("clear").setDescription(en["command.imagine-config.audit-channel.clear.description"]),
      ),
  )
  .addSubcommand((s) =>
    s.setName("channels").setDescription(en["command.imagine-config.channels.description"]),
  )
  .addSubcommand((s) =>
    s
      .setName("age-restricted-only")
      .setDescription(en["command.imagine-config.age-restricted-only.description"])
      .addBooleanOption((o) =>
        o
          .setName("enabled")
          .setDescription(en["command.imagine-config.age-restricted-only.enabled.description"])
          .setRequired(true),
      ),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("default-parameters")
      .setDescription(en["command.imagine-config.default-parameters.description"])
      .addSubcommand((s) =>
        s
          .setName("set")
          .setDescription(en["command.imagine-config.default-parameters.set.description"])
          .addStringOption((o) =>
            o
              .setName("parameters")
              .setDescription(en["command.imagine-config.default-parameters.set.parameters.description"])
              .setRequired(true)
              .setMaxLength(500),
          ),
      )
      .addSubcommand((s) =>
        s.setName("clear").setDescription(en["command.imagine-config.default-parameters.clear.description"]),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName("enhance")
      .setDescription(en["command.imagine-config.enhance.description"])
      .addBooleanOption((o) =>
        o
          .setName("enabled")
          .setDescription(en["command.imagine-config.enhance.enabled.description"])
          .setRequired(true),
      ),
  )
  .addSubcommand((s) => s.setName("reset").setDescription(en["command.imagine-config.reset.description"]))
  .addSubcommandGroup(stylesGroup);

async function execute({ interaction, app, lang }: CommandContext<BotContext>): Promise<void> {
  const t = lang.ephemeral;
  const guildId = requireModerator(interaction);
  const ephemeral = { flags: MessageFlags.Ephemeral } as const;
  const path = subcommandPath(interaction);
  const view = VIEWS[path];
  if (view) {
    const server = await app.settings.guild(guildId);
    await interaction.reply({ ...view({ t, guildId, server, app }), ...ephemeral });
    return;
  }
  const edit = configEditOf(interaction, path, app.config);
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
      ownerBannedWordCount: app.bannedWords.size,
      styleNames: (server.styles ?? []).map((s) => s.name),
    }),
  "banned-words list": ({ t, server, app }) =>
    renderBannedWords(t, server.bannedWords ?? [], app.bannedWords.size),
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
  // Only `styles remove`'s `name` suggests (the server's styles); a moderator's own Discord checks first.
  autocomplete: ({ interaction, app }) => suggestStyles(interaction, app),
} satisfies Command<BotContext>;
