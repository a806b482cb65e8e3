/**
 * `/imagine-config show`, `channels` and `reset`: the settings in force in a server with where each comes
 * from (this server's setting, a role's override, or the owner's default), the channel select menu, and
 * the reset confirmation. Ephemeral answers for moderators.
 */
import type { Speed } from "../../src/prompt/speed.js";
import {
  ButtonStyle,
  ChannelType,
  ComponentType,
  SelectMenuDefaultValueType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIChannelSelectComponent,
  type APIEmbed,
} from "discord-api-types/v10";
import { configCodec } from "./config-id.js";
import type { Translator } from "../../src/i18n/translate.js";
import type { EffectiveSettings, InForce } from "../../src/settings/effective-settings.js";
import type { GuildSettings, MemberLimits } from "../../src/settings/settings.js";
import { EMBED_COLORS } from "../../src/render/format.js";
import { truncate } from "../../src/render/limits.js";
import { NO_PINGS } from "../../src/render/message-parts.js";
import type { AllowedMentions } from "../../src/render/payload.js";
import { formatCooldown, onOffText, shownGuildSettings } from "../../src/render/setting-values.js";
import { inlineCode } from "../../src/render/markdown.js";

/** What `show` needs: the server-wide values in force, the role overrides, and the owner's word count. */
export interface ConfigShowContext {
  readonly effective: EffectiveSettings;
  readonly roleLimits: Readonly<Record<string, MemberLimits>>;
  /** The speeds of roles that have their own (`/imagine-config role-speeds`). */
  readonly roleSpeeds?: GuildSettings["roleSpeeds"];
  readonly ownerBannedWordCount: number;
  /** The speeds the bot's image server can run (no relax on a self-hosted one): only those are listed. */
  readonly runnableSpeeds: readonly Speed[];
  /** The server's style names (`/imagine-config styles`). */
  readonly styleNames?: readonly string[];
}

/** The settings in force in the server, each with its source, then the role overrides, in `t`'s language. */
export function renderConfigShow(
  t: Translator,
  ctx: ConfigShowContext,
): {
  embeds: APIEmbed[];
  allowedMentions: AllowedMentions;
} {
  /** `value — *source*`. */
  const inForce = <T>(setting: InForce<T>, show: (value: T) => string): string =>
    `${show(setting.value)} — *${t(`setting.source.${setting.source}`)}*`;
  const none = t("setting.none");
  const onOff = (on: boolean) => onOffText(t, on);
  const e = ctx.effective;
  const shownSpeeds = (list: readonly Speed[]) =>
    list.length === 0 ? none : list.map((s) => `\`--${s}\``).join(", ");
  const roleSpeeds = ctx.roleSpeeds ? { roleSpeeds: ctx.roleSpeeds } : {};
  const roleLines = shownGuildSettings({ roleLimits: { ...ctx.roleLimits }, ...roleSpeeds }, t)
    .filter((s) => s.label.startsWith("<@&") && s.value !== null)
    .map((s) => `${s.label}: ${s.value ?? ""}`);
  const bannedWords = (words: readonly string[]) =>
    ctx.ownerBannedWordCount === 0
      ? t("config.show.bannedWords", { server: words.length })
      : t("config.show.bannedWordsOwner", { server: words.length, owner: ctx.ownerBannedWordCount });
  const lines = [
    `**${t("setting.userMaxActive")}**: ${inForce(e.userMaxActive, String)}`,
    `**${t("setting.userCooldownMs")}**: ${inForce(e.userCooldownMs, (ms) => formatCooldown(ms, t))}`,
    `**${t("setting.userDailyImages")}**: ${inForce(e.userDailyImages, (n) => (n === null ? t("setting.noLimit") : String(n)))}`,
    `**${t("setting.guildMaxActive")}**: ${inForce(e.guildMaxActive, String)}`,
    `**${t("setting.bannedWords")}**: ${inForce(e.bannedWords, bannedWords)}`,
    `**${t("setting.auditChannel")}**: ${inForce(e.auditChannelId, (id) => (id === null ? none : `<#${id}>`))}`,
    `**${t("setting.allowedChannels")}**: ${inForce(e.allowedChannelIds, (ids) => (ids.length === 0 ? t("setting.allChannels") : ids.map((id) => `<#${id}>`).join(", ")))}`,
    `**${t("setting.ageRestrictedOnly")}**: ${inForce(e.ageRestrictedOnly, onOff)}`,
    `**${t("setting.defaultParameters")}**: ${inForce(e.defaultParameters, (p) => (p === "" ? none : `\`${p}\``))}`,
    `**${t("setting.enhance")}**: ${inForce(e.enhance, onOff)}`,
    `**${t("setting.speed")}**: ${inForce(e.speed, (s) => (s === null ? t("command.imagine-config.speeds.default.choice.account") : `\`--${s}\``))}`,
    `**${t("setting.speeds")}**: ${inForce(e.speeds, (list) => shownSpeeds(list.filter((s) => ctx.runnableSpeeds.includes(s))))}`,
    `**${t("setting.styles")}**: ${ctx.styleNames?.length ? ctx.styleNames.map(inlineCode).join(", ") : none}`,
  ];
  const roles =
    roleLines.length === 0 ? t("config.show.noRoles") : `${t("config.show.roles")}\n${roleLines.join("\n")}`;
  return {
    embeds: [
      {
        title: t("config.show.title"),
        color: EMBED_COLORS.submitting,
        description: truncate(`${lines.join("\n")}\n\n${roles}`, 4000),
        footer: { text: t("config.show.footer") },
      },
    ],
    allowedMentions: NO_PINGS,
  };
}

/**
 * The channel select menu of `/imagine-config channels`, showing the channels allowed now; choosing none
 * allows every channel.
 * @see https://discord.com/developers/docs/components/reference#channel-select
 */
export function renderChannelPicker(t: Translator, guildId: string, allowed: readonly string[]) {
  const select: APIChannelSelectComponent = {
    type: ComponentType.ChannelSelect,
    custom_id: configCodec.encode({ kind: "channels", guildId }),
    channel_types: [ChannelType.GuildText, ChannelType.GuildAnnouncement],
    placeholder: t("config.channels.placeholder"),
    min_values: 0,
    max_values: 25,
    default_values: allowed.slice(0, 25).map((id) => ({ id, type: SelectMenuDefaultValueType.Channel })),
  };
  const row: APIActionRowComponent<APIChannelSelectComponent> = {
    type: ComponentType.ActionRow,
    components: [select],
  };
  return {
    content:
      allowed.length === 0
        ? t("config.channels.all")
        : t("config.channels.some", { channels: allowed.map((id) => `<#${id}>`).join(", ") }),
    components: [row],
    allowedMentions: NO_PINGS,
  };
}

/** The button that confirms `/imagine-config reset`. */
export function resetConfirmRow(t: Translator, guildId: string): APIActionRowComponent<APIButtonComponent> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Danger,
        label: t("config.reset.button"),
        custom_id: configCodec.encode({ kind: "reset", guildId }),
      },
    ],
  };
}
