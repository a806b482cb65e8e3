/**
 * `/imagine-config show`, `channels` and `reset`: the settings in force in a server with where each comes
 * from (this server's setting, a role's override, or the owner's default), the channel select menu, and
 * the reset confirmation. Ephemeral answers for moderators.
 */
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
import { configCodec } from "../discord/components/config-id.js";
import type { EffectiveSettings, InForce } from "../settings/effective-settings.js";
import type { MemberLimits } from "../settings/settings.js";
import { EMBED_COLORS } from "./format.js";
import { truncate } from "./limits.js";
import { NO_PINGS } from "./message-parts.js";
import type { AllowedMentions } from "./payload.js";
import { formatCooldown, LIMIT_LABELS, shownGuildSettings } from "./setting-values.js";

/** What `show` needs: the server-wide values in force, the role overrides, and the owner's word count. */
export interface ConfigShowContext {
  readonly effective: EffectiveSettings;
  readonly roleLimits: Readonly<Record<string, MemberLimits>>;
  readonly ownerBannedWordCount: number;
}

const SOURCE_NAMES = { server: "this server", role: "role", owner: "owner's default" } as const;

/** `value — *source*`. */
function inForce<T>(setting: InForce<T>, show: (value: T) => string): string {
  return `${show(setting.value)} — *${SOURCE_NAMES[setting.source]}*`;
}

/** The settings in force in the server, each with its source, then the role overrides. */
export function renderConfigShow(ctx: ConfigShowContext): {
  embeds: APIEmbed[];
  allowedMentions: AllowedMentions;
} {
  const e = ctx.effective;
  const roleLines = shownGuildSettings({ roleLimits: { ...ctx.roleLimits } })
    .filter((s) => s.label.startsWith("<@&") && s.value !== null)
    .map((s) => `${s.label}: ${s.value ?? ""}`);
  const owner = ctx.ownerBannedWordCount === 0 ? "" : ` (+ the owner's ${ctx.ownerBannedWordCount}, always)`;
  const lines = [
    `**${LIMIT_LABELS.userMaxActive}**: ${inForce(e.userMaxActive, String)}`,
    `**${LIMIT_LABELS.userCooldownMs}**: ${inForce(e.userCooldownMs, formatCooldown)}`,
    `**${LIMIT_LABELS.userDailyImages}**: ${inForce(e.userDailyImages, (n) => (n === null ? "no limit" : String(n)))}`,
    `**${LIMIT_LABELS.guildMaxActive}**: ${inForce(e.guildMaxActive, String)}`,
    `**Banned words**: ${inForce(e.bannedWords, (w) => `${w.length} of this server's${owner}`)}`,
    `**Audit channel**: ${inForce(e.auditChannelId, (id) => (id === null ? "none" : `<#${id}>`))}`,
    `**Channels for /imagine**: ${inForce(e.allowedChannelIds, (ids) => (ids.length === 0 ? "all" : ids.map((id) => `<#${id}>`).join(", ")))}`,
    `**Age-restricted channels only**: ${inForce(e.ageRestrictedOnly, (on) => (on ? "on" : "off"))}`,
    `**Default parameters**: ${inForce(e.defaultParameters, (p) => (p === "" ? "none" : `\`${p}\``))}`,
    `**Enhance buttons**: ${inForce(e.enhance, (on) => (on ? "on" : "off"))}`,
  ];
  const roles =
    roleLines.length === 0
      ? "No role overrides. `/imagine-config role-limits set` gives a role its own limits (the most generous of a member's roles applies)."
      : `**Role overrides** (the most generous of a member's roles applies):\n${roleLines.join("\n")}`;
  return {
    embeds: [
      {
        title: "Settings in force in this server",
        color: EMBED_COLORS.submitting,
        description: truncate(`${lines.join("\n")}\n\n${roles}`, 4000),
        footer: { text: "Moderators are exempt from the per-member limits." },
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
export function renderChannelPicker(guildId: string, allowed: readonly string[]) {
  const select: APIChannelSelectComponent = {
    type: ComponentType.ChannelSelect,
    custom_id: configCodec.encode({ kind: "channels", guildId }),
    channel_types: [ChannelType.GuildText, ChannelType.GuildAnnouncement],
    placeholder: "Channels where /imagine may be used (none: all)",
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
        ? "`/imagine` may be used in every channel now. Choose the channels it may be used in:"
        : `\`/imagine\` may be used in ${allowed.map((id) => `<#${id}>`).join(", ")} now. Choose the channels (none: all):`,
    components: [row],
    allowedMentions: NO_PINGS,
  };
}

/** The button that confirms `/imagine-config reset`. */
export function resetConfirmRow(guildId: string): APIActionRowComponent<APIButtonComponent> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Danger,
        label: "Reset all settings",
        custom_id: configCodec.encode({ kind: "reset", guildId }),
      },
    ],
  };
}
