/**
 * Discord's permission arithmetic: base permissions from roles, then channel overwrites (@everyone, roles,
 * member), with Administrator and the guild owner holding everything.
 * @see https://discord.com/developers/docs/topics/permissions#permission-overwrites
 */
import { OverwriteType, PermissionFlagsBits } from "discord-api-types/v10";

/** Every permission bit Discord defines. */
export const ALL_PERMISSIONS: bigint = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

/** What @everyone gets in a new server (a usual subset of Discord's defaults). */
export const DEFAULT_EVERYONE_PERMISSIONS: bigint =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseExternalEmojis |
  PermissionFlagsBits.UseApplicationCommands |
  PermissionFlagsBits.CreateInstantInvite |
  PermissionFlagsBits.ChangeNickname;

/** What the bot's own managed role gets when it is invited with the usual messaging scopes. */
export const DEFAULT_BOT_PERMISSIONS: bigint =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseExternalEmojis;

/** One permission overwrite on a channel (role or member), with bigint bit sets. */
export interface PermissionOverwrite {
  id: string;
  type: OverwriteType;
  allow: bigint;
  deny: bigint;
}

/** Parses a permission value given as bigint, number or decimal bit string. */
export function toPermissionBits(value: bigint | number | string): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`Not a permission bit set: ${String(value)} (use a bigint or a decimal string)`);
}

/** Inputs for {@link computePermissions}. */
export interface PermissionInputs {
  guildId: string;
  ownerId: string;
  userId: string;
  /** Permissions of every role in the guild by id, including @everyone (id = guild id). */
  rolePermissions: ReadonlyMap<string, bigint>;
  /** The member's roles (without @everyone). */
  memberRoleIds: readonly string[];
  /** The channel's overwrites; omit for guild-level permissions. */
  overwrites?: readonly PermissionOverwrite[];
}

/** A member's effective permissions in a guild or one of its channels. */
export function computePermissions(input: PermissionInputs): bigint {
  if (input.userId === input.ownerId) return ALL_PERMISSIONS;
  let base = input.rolePermissions.get(input.guildId) ?? 0n;
  for (const roleId of input.memberRoleIds) base |= input.rolePermissions.get(roleId) ?? 0n;
  if ((base & PermissionFlagsBits.Administrator) !== 0n) return ALL_PERMISSIONS;
  if (!input.overwrites) return base;

  let permissions = base;
  const everyone = input.overwrites.find((o) => o.type === OverwriteType.Role && o.id === input.guildId);
  if (everyone) permissions = (permissions & ~everyone.deny) | everyone.allow;
  let roleAllow = 0n;
  let roleDeny = 0n;
  for (const o of input.overwrites) {
    if (o.type === OverwriteType.Role && input.memberRoleIds.includes(o.id)) {
      roleAllow |= o.allow;
      roleDeny |= o.deny;
    }
  }
  permissions = (permissions & ~roleDeny) | roleAllow;
  const member = input.overwrites.find((o) => o.type === OverwriteType.Member && o.id === input.userId);
  if (member) permissions = (permissions & ~member.deny) | member.allow;
  return permissions;
}

/** Whether `permissions` holds every bit of `required`. */
export function hasPermissions(permissions: bigint, required: bigint): boolean {
  return (permissions & required) === required;
}
