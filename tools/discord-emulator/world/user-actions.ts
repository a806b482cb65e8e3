/**
 * What emulated users do: run slash commands, send DMs and server messages (components: see
 * component-actions.ts). Each refuses what a real Discord client would not allow, so a test cannot fake the
 * impossible.
 */
import {
  ApplicationCommandOptionType,
  ChannelType,
  InteractionType,
  MessageType,
  PermissionFlagsBits,
  type APIApplicationCommandOption,
} from "discord-api-types/v10";
import type { RegisteredCommand } from "./commands.js";
import type { EmulatorContext } from "../context.js";
import { interactionHandle, type InteractionHandle } from "./interaction-handle.js";
import { dispatchInteraction, reachedByUserInstallOnly, requireUserCanAct } from "./interaction-payloads.js";
import { messageSnapshot, type MessageSnapshot } from "./message-objects.js";
import { MESSAGE_LIMITS } from "../validation/message-payload.js";
import { hasPermissions } from "./permissions.js";
import {
  resolveSlashOptions,
  type AttachmentInput,
  type InteractionOption,
  type SlashOptionValue,
} from "./slash-options.js";
import type { ChangeWaiters } from "../wait-for.js";
import type { EmulatedChannel, EmulatedUser, UserRef } from "./world-types.js";
import { charCount } from "../validation/embed-validation.js";

/** Input of `emu.sendSlashCommand`. */
export interface SlashCommandInput {
  name: string;
  /** A sub-command, or `[group, subcommand]`. */
  subcommand?: string | readonly [string, string];
  options?: Record<string, SlashOptionValue>;
  /** Files for attachment options by option name (the same as putting them in `options`). */
  attachments?: Record<string, AttachmentInput>;
  user: UserRef;
  /** Default: the channel's guild; with no channel, the guild's first text channel. */
  guildId?: string;
  /** Default: the guild's first text channel, or the user's DM with the bot when no guild is given. */
  channelId?: string;
  locale?: string;
}

/** Input of `emu.sendDirectMessage` / `emu.sendGuildMessage`. */
export interface UserMessageInput {
  user: UserRef;
  content?: string;
  attachments?: AttachmentInput[];
}

export function pickChannel(
  ctx: EmulatorContext,
  input: SlashCommandInput,
  user: EmulatedUser,
): EmulatedChannel {
  if (input.channelId) {
    const channel = ctx.world.requireChannel(input.channelId);
    if (input.guildId && channel.guildId !== input.guildId)
      throw new Error(`Channel ${channel.id} is not in guild ${input.guildId}`);
    return channel;
  }
  if (input.guildId) {
    const first = ctx.world.guildChannels(input.guildId)[0];
    if (!first) throw new Error(`Guild ${input.guildId} has no text channel to run /${input.name} in`);
    return first;
  }
  return ctx.world.dmChannelWith(user);
}

export function requireAvailable(
  ctx: EmulatorContext,
  command: RegisteredCommand,
  user: EmulatedUser,
  channel: EmulatedChannel,
): void {
  const contexts = command.contexts ?? null;
  const where = `/${command.name}`;
  if (reachedByUserInstallOnly(ctx, channel)) {
    // Only the member's own install reaches here: a global command registered for user installs.
    if (command.guild_id || !((command.integration_types as number[] | undefined) ?? [0]).includes(1))
      throw new Error(
        `${where} is not registered for user installs (integration_types ${JSON.stringify(command.integration_types)})`,
      );
    const context = channel.guildId ? 0 : 2;
    if (contexts && !contexts.includes(context))
      throw new Error(`${where} is not offered here (contexts ${JSON.stringify(contexts)})`);
    if (user.appInstalled) return;
    throw new Error(`${where}: ${user.username} has not installed the app`);
  }
  if (channel.guildId) {
    if (contexts && !contexts.includes(0))
      throw new Error(`${where} is not offered in servers (contexts ${JSON.stringify(contexts)})`);
    const required = command.default_member_permissions;
    if (required !== null && required !== undefined) {
      const permissions = ctx.world.guildPermissions(channel.guildId, user.id);
      const bits = BigInt(required) === 0n ? PermissionFlagsBits.Administrator : BigInt(required);
      if (!hasPermissions(permissions, bits))
        throw new Error(`${where} is hidden from ${user.username}: default_member_permissions ${required}`);
    }
    if (command.nsfw && !channel.nsfw)
      throw new Error(`${where} is age-restricted and hidden outside NSFW channels`);
  } else {
    const allowed = contexts ? contexts.includes(1) : command.dm_permission !== false;
    if (!allowed)
      throw new Error(`${where} is not offered in DMs with the bot (contexts ${JSON.stringify(contexts)})`);
  }
}

export function subcommandOptions(
  command: RegisteredCommand | undefined,
  path: readonly string[],
): readonly APIApplicationCommandOption[] | null {
  if (!command) return null;
  let options: readonly APIApplicationCommandOption[] = command.options ?? [];
  for (const name of path) {
    const next = options.find(
      (o) =>
        o.name === name &&
        (o.type === ApplicationCommandOptionType.Subcommand ||
          o.type === ApplicationCommandOptionType.SubcommandGroup),
    );
    if (!next) throw new Error(`/${command.name} has no sub-command "${name}"`);
    options =
      "options" in next && next.options ? (next.options as readonly APIApplicationCommandOption[]) : [];
  }
  if (
    options.some(
      (o) =>
        o.type === ApplicationCommandOptionType.Subcommand ||
        o.type === ApplicationCommandOptionType.SubcommandGroup,
    )
  ) {
    throw new Error(`/${command.name} ${path.join(" ")} needs a sub-command (pass \`subcommand\`)`);
  }
  return options;
}

/** A sub-command input (`"name"` or `[group, name]`) as the path of names, group first. */
export function subcommandPath(subcommand: string | readonly [string, string] | undefined): string[] {
  if (subcommand === undefined) return [];
  return typeof subcommand === "string" ? [subcommand] : [...subcommand];
}

/** `options` nested under the sub-command (and group) of `path`, as Discord sends them. */
export function underSubcommands(path: readonly string[], options: InteractionOption[]): InteractionOption[] {
  let nested = options;
  for (const [i, name] of [...path].reverse().entries()) {
    const type =
      i === 0 ? ApplicationCommandOptionType.Subcommand : ApplicationCommandOptionType.SubcommandGroup;
    nested = [{ name, type, options: nested }];
  }
  return nested;
}

/** A user runs a slash command. */
export function sendSlashCommand(
  ctx: EmulatorContext,
  waiters: ChangeWaiters,
  input: SlashCommandInput,
): InteractionHandle {
  const user = ctx.world.requireUser(input.user);
  const channel = pickChannel(ctx, input, user);
  requireUserCanAct(ctx, { user, channel }, `/${input.name}`);
  if (
    channel.guildId &&
    !hasPermissions(ctx.world.permissionsIn(channel, user.id), PermissionFlagsBits.UseApplicationCommands)
  ) {
    throw new Error(
      `/${input.name}: ${user.username} lacks Use Application Commands in #${channel.name ?? channel.id}`,
    );
  }
  const command = ctx.commands.resolveChatInput(input.name, channel.guildId);
  if (!command && !ctx.options.allowUnregisteredCommands) {
    const known = [
      ...ctx.commands.list(null),
      ...(channel.guildId ? ctx.commands.list(channel.guildId) : []),
    ].map((c) => `/${c.name}`);
    throw new Error(
      `/${input.name} is not registered where ${user.username} runs it (registered: ${known.join(", ") || "none"})`,
    );
  }
  if (command) requireAvailable(ctx, command, user, channel);
  const path = subcommandPath(input.subcommand);
  const scope = { channelId: channel.id, guildId: channel.guildId };
  const inner = resolveSlashOptions(ctx, scope, subcommandOptions(command, path), {
    ...input.options,
    ...input.attachments,
  });
  const options = underSubcommands(path, inner.options);
  const data = {
    id: command?.id ?? ctx.ids.next(),
    name: input.name,
    type: 1,
    options,
    ...(Object.keys(inner.resolved).length > 0 ? { resolved: inner.resolved } : {}),
    ...(command?.guild_id ? { guild_id: command.guild_id } : {}),
  };
  const place = { user, channel, ...(input.locale ? { locale: input.locale } : {}) };
  const record = dispatchInteraction(ctx, place, InteractionType.ApplicationCommand, data, {
    commandName: input.name,
    sourceMessageId: null,
  });
  return interactionHandle(ctx, waiters, record);
}

function postUserMessage(
  ctx: EmulatorContext,
  user: EmulatedUser,
  channel: EmulatedChannel,
  input: UserMessageInput,
): MessageSnapshot {
  const content = input.content ?? "";
  if (charCount(content) > MESSAGE_LIMITS.content)
    throw new Error(`A message holds at most ${MESSAGE_LIMITS.content} characters`);
  const attachments = (input.attachments ?? []).map((file, index) =>
    ctx.messaging.storeFile(
      channel.id,
      false,
      {
        field: `files[${index}]`,
        index,
        filename: file.filename,
        contentType: file.contentType ?? null,
        bytes: Buffer.from(file.bytes),
      },
      null,
    ),
  );
  if (content === "" && attachments.length === 0) throw new Error("A message needs content or attachments");
  const message = ctx.messaging.post({
    channelId: channel.id,
    guildId: channel.guildId,
    authorId: user.id,
    type: MessageType.Default,
    ephemeral: false,
    tts: false,
    webhookId: null,
    applicationId: null,
    interaction: null,
    messageReference: null,
    nonce: null,
    first: { content, embeds: [], components: [], attachments, flags: 0 },
  });
  return messageSnapshot(ctx.world, ctx.messages, message);
}

/** A user sends the bot a direct message. */
export function sendDirectMessage(ctx: EmulatorContext, input: UserMessageInput): MessageSnapshot {
  const user = ctx.world.requireUser(input.user);
  const channel = ctx.world.dmChannelWith(user);
  requireUserCanAct(ctx, { user, channel }, "sendDirectMessage");
  return postUserMessage(ctx, user, channel, input);
}

/** A user posts in a server channel. */
export function sendGuildMessage(
  ctx: EmulatorContext,
  input: UserMessageInput & { channelId: string },
): MessageSnapshot {
  const user = ctx.world.requireUser(input.user);
  const channel = ctx.world.requireChannel(input.channelId);
  if (!channel.guildId && channel.type !== ChannelType.GroupDM)
    throw new Error("sendGuildMessage needs a server channel or a group DM; use sendDirectMessage for DMs");
  requireUserCanAct(ctx, { user, channel }, "sendGuildMessage");
  if (!hasPermissions(ctx.world.permissionsIn(channel, user.id), PermissionFlagsBits.SendMessages)) {
    throw new Error(`${user.username} cannot send messages in #${channel.name ?? channel.id}`);
  }
  return postUserMessage(ctx, user, channel, input);
}
