import {
  ApplicationIntegrationType,
  ChannelType,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import type { Command, CommandContext } from "../../src/discord/command.js";
import { commandPath, configEditOf, LIMIT_OPTIONS } from "./config-options.js";
import { requireModerator } from "../../src/discord/moderator.js";
import { renderChannelPicker, renderConfigShow, resetConfirmRow } from "../../src/render/config-show.js";
import { renderBannedWords, renderResetQuestion, renderSettingsChanged } from "../../src/render/settings.js";
import { shownGuildSettings } from "../../src/render/setting-values.js";
import { effectiveSettings, ownerDefaults } from "../../src/settings/effective-settings.js";
import { changeServerSettings } from "../../src/settings/settings-actions.js";

type LimitName = keyof typeof LIMIT_OPTIONS;

const LIMIT_DESCRIPTIONS: Record<LimitName, { text: string; min: number; max: number }> = {
  userMaxActive: { text: "Jobs one member may have running at once", min: 1, max: 100 },
  userCooldownMs: { text: "Seconds between a member's prompts (0: none)", min: 0, max: 86_400 },
  userDailyImages: { text: "Images one member may start per day (UTC)", min: 1, max: 1_000_000 },
  guildMaxActive: { text: "Jobs the whole server may have running at once", min: 1, max: 10_000 },
};

/** Adds the integer options of `names` to a subcommand. */
function withLimits(sub: SlashCommandSubcommandBuilder, names: readonly LimitName[]) {
  for (const name of names) {
    const { text, min, max } = LIMIT_DESCRIPTIONS[name];
    sub.addIntegerOption((o) =>
      o.setName(LIMIT_OPTIONS[name].option).setDescription(text).setMinValue(min).setMaxValue(max),
    );
  }
  return sub;
}

const MEMBER_LIMITS = ["userMaxActive", "userCooldownMs", "userDailyImages"] as const;

/**
 * `/imagine-config`: this server's settings, for moderators (Manage Server). Hidden from others by
 * `default_member_permissions`, and checked again when run because server admins can override that.
 * @see https://discord.com/developers/docs/interactions/application-commands#permissions
 */
const data = new SlashCommandBuilder()
  .setName("imagine-config")
  .setDescription("This server's image settings: limits, banned words, channels, defaults (moderators)")
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .setContexts(InteractionContextType.Guild)
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall)
  .addSubcommand((s) =>
    s.setName("show").setDescription("Every setting in force here, and where it comes from"),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("limits")
      .setDescription("Limits for every member and for the server")
      .addSubcommand((s) =>
        withLimits(s.setName("set").setDescription("Set limits (the others stay)"), [
          ...MEMBER_LIMITS,
          "guildMaxActive",
        ]),
      )
      .addSubcommand((s) =>
        s
          .setName("clear")
          .setDescription("Back to the owner's default")
          .addStringOption((o) =>
            o
              .setName("limit")
              .setDescription("Which limit (default: all)")
              .addChoices(
                ...Object.entries(LIMIT_OPTIONS).map(([name, { option }]) => ({
                  name: LIMIT_DESCRIPTIONS[name as LimitName].text.slice(0, 100),
                  value: option,
                })),
              ),
          ),
      ),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("role-limits")
      .setDescription("A role's own member limits (the most generous of a member's roles applies)")
      .addSubcommand((s) =>
        withLimits(
          s
            .setName("set")
            .setDescription("Set a role's limits")
            .addRoleOption((o) => o.setName("role").setDescription("The role").setRequired(true)),
          MEMBER_LIMITS,
        ),
      )
      .addSubcommand((s) =>
        s
          .setName("clear")
          .setDescription("Remove a role's limits")
          .addRoleOption((o) => o.setName("role").setDescription("The role").setRequired(true)),
      ),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("banned-words")
      .setDescription("Words refused in prompts here (the owner's list always applies too)")
      .addSubcommand((s) =>
        s
          .setName("add")
          .setDescription("Ban words or phrases")
          .addStringOption((o) =>
            o
              .setName("words")
              .setDescription("Comma-separated, e.g. gore, dark magic")
              .setRequired(true)
              .setMaxLength(1000),
          ),
      )
      .addSubcommand((s) =>
        s
          .setName("remove")
          .setDescription("Allow banned words again")
          .addStringOption((o) =>
            o.setName("words").setDescription("Comma-separated").setRequired(true).setMaxLength(1000),
          ),
      )
      .addSubcommand((s) => s.setName("list").setDescription("This server's banned words")),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("audit-channel")
      .setDescription("Where submissions, refusals, outcomes and setting changes are posted")
      .addSubcommand((s) =>
        s
          .setName("set")
          .setDescription("Post them in a channel")
          .addChannelOption((o) =>
            o
              .setName("channel")
              .setDescription("A text channel")
              .setRequired(true)
              .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
          ),
      )
      .addSubcommand((s) => s.setName("clear").setDescription("Back to the owner's audit channel, if any")),
  )
  .addSubcommand((s) => s.setName("channels").setDescription("Choose the channels /imagine may be used in"))
  .addSubcommand((s) =>
    s
      .setName("age-restricted-only")
      .setDescription("Prompts and results only in age-restricted channels")
      .addBooleanOption((o) => o.setName("enabled").setDescription("On or off").setRequired(true)),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("default-parameters")
      .setDescription("Parameters added to every prompt here, unless the prompt sets them")
      .addSubcommand((s) =>
        s
          .setName("set")
          .setDescription("e.g. --v 7 --stylize 100")
          .addStringOption((o) =>
            o
              .setName("parameters")
              .setDescription("Parameters only, e.g. --v 7")
              .setRequired(true)
              .setMaxLength(500),
          ),
      )
      .addSubcommand((s) => s.setName("clear").setDescription("No default parameters")),
  )
  .addSubcommand((s) =>
    s
      .setName("enhance")
      .setDescription("Whether Enhance buttons are offered under single images")
      .addBooleanOption((o) => o.setName("enabled").setDescription("On or off").setRequired(true)),
  )
  .addSubcommand((s) =>
    s.setName("reset").setDescription("Remove every setting of this server (asks first)"),
  );

async function execute({ interaction, app, lang }: CommandContext<BotContext>): Promise<void> {
  const t = lang.ephemeral;
  const guildId = requireModerator(interaction);
  const ephemeral = { flags: MessageFlags.Ephemeral } as const;
  const path = [interaction.options.getSubcommandGroup(false), interaction.options.getSubcommand()]
    .join(" ")
    .trim();
  switch (path) {
    case "show": {
      const server = await app.settings.guild(guildId);
      const effective = effectiveSettings(ownerDefaults(app.config), server);
      const shown = {
        effective,
        roleLimits: server.roleLimits ?? {},
        ownerBannedWordCount: app.bannedWords.size,
      };
      await interaction.reply({ ...renderConfigShow(t, shown), ...ephemeral });
      return;
    }
    case "banned-words list": {
      const server = await app.settings.guild(guildId);
      await interaction.reply({
        ...renderBannedWords(t, server.bannedWords ?? [], app.bannedWords.size),
        ...ephemeral,
      });
      return;
    }
    case "channels": {
      const server = await app.settings.guild(guildId);
      await interaction.reply({
        ...renderChannelPicker(t, guildId, server.allowedChannelIds ?? []),
        ...ephemeral,
      });
      return;
    }
    case "reset": {
      const question = renderResetQuestion(t, shownGuildSettings(await app.settings.guild(guildId), t));
      await interaction.reply({ ...question, components: [resetConfirmRow(t, guildId)], ...ephemeral });
      return;
    }
    default: {
      const edit = configEditOf(interaction, app.config);
      const actor = { guildId, userId: interaction.user.id, command: commandPath(interaction) };
      const changes = await changeServerSettings(app, actor, edit, t);
      await interaction.reply({ ...renderSettingsChanged(t, changes, "server"), ...ephemeral });
    }
  }
}

export default { data, execute } satisfies Command<BotContext>;
