/**
 * A user right-clicks a message and picks one of the app's message commands ("Apps" → the command): the bot
 * gets an application command interaction of type 3 with the message in `resolved.messages`. Refused where
 * a Discord client would not offer the command (not registered there, contexts, install).
 * @see https://discord.com/developers/docs/interactions/application-commands#message-commands
 */
import { ApplicationCommandType, InteractionType } from "discord-api-types/v10";
import type { EmulatorContext } from "../context.js";
import type { ChangeWaiters } from "../wait-for.js";
import type { RegisteredCommand } from "./commands.js";
import { interactionHandle, type InteractionHandle } from "./interaction-handle.js";
import { dispatchInteraction, requireUserCanAct } from "./interaction-payloads.js";
import { messageObject, type MessageSnapshot } from "./message-objects.js";
import { requireAvailable } from "./user-actions.js";
import type { UserRef } from "./world-types.js";

/** Input of `emu.useMessageCommand`. */
export interface MessageCommandInput {
  /** The command's name as registered (e.g. "Imagine from this image"). */
  name: string;
  /** The message right-clicked (snapshot or id). */
  message: MessageSnapshot | string;
  user: UserRef;
  locale?: string;
}

/** The message command a user would see under `name` where `guildId` is (its guild's commands first). */
function resolveMessageCommand(
  ctx: EmulatorContext,
  name: string,
  guildId: string | null,
): RegisteredCommand | undefined {
  const isMatch = (c: RegisteredCommand) => c.name === name && c.type === ApplicationCommandType.Message;
  return (
    (guildId ? ctx.commands.list(guildId).find(isMatch) : undefined) ?? ctx.commands.list(null).find(isMatch)
  );
}

/** A user runs a message command on a message. */
export function useMessageCommand(
  ctx: EmulatorContext,
  waiters: ChangeWaiters,
  input: MessageCommandInput,
): InteractionHandle {
  const user = ctx.world.requireUser(input.user);
  const id = typeof input.message === "string" ? input.message : input.message.id;
  const stored = ctx.messages.get(id);
  if (!stored || stored.deleted) throw new Error(`Message ${id} does not exist (or was deleted)`);
  if (stored.ephemeral) throw new Error(`Message ${id} is ephemeral: it has no Apps menu`);
  const channel = ctx.world.requireChannel(stored.channelId);
  requireUserCanAct(ctx, { user, channel }, `"${input.name}"`);
  const command = resolveMessageCommand(ctx, input.name, channel.guildId);
  if (!command) throw new Error(`No message command "${input.name}" is registered where ${user.username} is`);
  requireAvailable(ctx, command, user, channel);
  const data = {
    id: command.id,
    name: command.name,
    type: ApplicationCommandType.Message,
    target_id: stored.id,
    resolved: { messages: { [stored.id]: messageObject(ctx.world, ctx.messages, stored) } },
    ...(command.guild_id ? { guild_id: command.guild_id } : {}),
  };
  const place = { user, channel, ...(input.locale ? { locale: input.locale } : {}) };
  const record = dispatchInteraction(ctx, place, InteractionType.ApplicationCommand, data, {
    commandName: command.name,
    sourceMessageId: null,
  });
  return interactionHandle(ctx, waiters, record);
}
