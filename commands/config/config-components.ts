/**
 * The components of `/imagine-config`: the channel select menu of `channels` (the channels chosen become
 * the only ones `/imagine` may be used in; none: all) and the confirm button of `reset`. Moderators only,
 * checked again on use; the answer replaces the ephemeral message with what changed, old → new.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type
 */
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import { renderSettingsChanged } from "../../src/render/settings.js";
import { changeServerSettings, resetServerSettings } from "../../src/settings/settings-actions.js";
import type { ComponentHandler } from "../../src/discord/component.js";
import { requireModerator } from "../../src/discord/moderator.js";
import { CONFIG_PREFIX, configCodec, type ConfigAction } from "./config-id.js";

/** Applies the chosen channels or the reset, and shows what changed in place of the menu or button. */
export const configComponents: ComponentHandler<ConfigAction, BotContext> = {
  prefix: CONFIG_PREFIX,
  codec: configCodec,
  async execute(interaction, action, { app, lang }) {
    const t = lang.ephemeral;
    const guildId = requireModerator(interaction);
    if (guildId !== action.guildId) throw new UserError((tr) => tr("config.otherServer"));
    const userId = interaction.user.id;
    if (action.kind === "channels") {
      if (!interaction.isChannelSelectMenu())
        throw new Error("a channel-select id came with another component");
      const actor = { guildId, userId, command: "/imagine-config channels" };
      const edit = { kind: "allowed-channels", channelIds: interaction.values } as const;
      const changes = await changeServerSettings(app, actor, edit, t);
      await interaction.update({ ...renderSettingsChanged(t, changes, "server"), components: [] });
      return;
    }
    if (!interaction.isButton()) throw new Error("a reset id came with another component");
    const actor = { guildId, userId, command: "/imagine-config reset" };
    const changes = await resetServerSettings(app, actor, t);
    await interaction.update({ ...renderSettingsChanged(t, changes, "server"), components: [] });
  },
};
