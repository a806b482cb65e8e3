/**
 * What the control API answers with: messages as one user sees them (their own ephemerals included),
 * interactions, the world, and the files a user attaches, decoded from JSON.
 */
import { ChannelType } from "discord-api-types/v10";
import type { DiscordEmulator } from "../emulator.js";
import type { InteractionHandle } from "../world/interaction-handle.js";
import type { MessageSnapshot } from "../world/message-objects.js";
import type { AttachmentInput } from "../world/slash-options.js";

/** A snapshot without the attachment bytes (they are served at each attachment's `url`). */
export function withoutBytes(message: MessageSnapshot): unknown {
  return { ...message, attachments: message.attachments.map(({ bytes: _bytes, ...rest }) => rest) };
}

/** An interaction's acknowledgement, response and follow-ups. */
export function interactionView(handle: InteractionHandle): unknown {
  const response = handle.response();
  return {
    id: handle.id,
    token: handle.token,
    acknowledgement: handle.acknowledgement(),
    response: response ? withoutBytes(response) : null,
    followUps: handle.followUps().map(withoutBytes),
    modal: handle.modal(),
  };
}

/** The id of the user a request names by username or id. */
export function userId(emu: DiscordEmulator, ref: unknown): string {
  if (typeof ref !== "string") throw new Error("`user` must be a username or user id");
  const user = [...emu.world.users.values()].find((u) => u.id === ref || u.username === ref);
  if (!user)
    throw new Error(
      `No user "${ref}" (known: ${[...emu.world.users.values()].map((u) => u.username).join(", ")})`,
    );
  return user.id;
}

/**
 * A channel's messages as a user sees them: everyone's messages plus the ephemeral ones of that user's
 * interactions; without `viewer`, ephemeral messages are left out.
 */
export function messagesSeenBy(emu: DiscordEmulator, channelId: string, viewer: string | null): unknown[] {
  return emu
    .messagesIn(channelId, { includeEphemeral: viewer !== null })
    .filter((m) => !m.ephemeral || m.interaction_metadata?.user.id === viewer)
    .map(withoutBytes);
}

/** A file given in JSON: `{ filename, base64, contentType? }`. */
export function fileInput(value: unknown, where: string): AttachmentInput {
  const file = value as { filename?: unknown; base64?: unknown; contentType?: unknown } | null;
  if (typeof file?.filename !== "string" || typeof file.base64 !== "string")
    throw new Error(`${where} must be { filename, base64, contentType? }`);
  return {
    filename: file.filename,
    bytes: Buffer.from(file.base64, "base64"),
    ...(typeof file.contentType === "string" ? { contentType: file.contentType } : {}),
  };
}

/** Slash command option values: files given as `{ filename, base64 }` become uploads, the rest stays. */
export function slashOptions(raw: unknown): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [name, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    const isFile = typeof value === "object" && value !== null && "base64" in value;
    options[name] = isFile ? fileInput(value, `option "${name}"`) : value;
  }
  return options;
}

/** Modal values from a control request: text, or a list of chosen option values, by field custom id. */
export function modalValues(raw: unknown): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [id, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    values[id] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return values;
}

/** Servers with their channels, users with their roles, and the commands each server offers. */
export function worldState(emu: DiscordEmulator): unknown {
  const guilds = [...emu.world.guilds.values()];
  return {
    applicationId: emu.applicationId,
    botUser: { id: emu.botUser.id, username: emu.botUser.username },
    guilds: guilds.map((g) => ({
      id: g.id,
      name: g.name,
      // A server the bot is not in is reached only through a member's install of the app.
      botIsIn: emu.world.botIsIn(g.id),
      channels: emu.world.guildChannels(g.id).map((c) => ({ id: c.id, name: c.name, nsfw: c.nsfw })),
      // For showing role mentions by name, as Discord's client does.
      roles: [...emu.world.roles.values()]
        .filter((r) => r.guildId === g.id)
        .map((r) => ({ id: r.id, name: r.name, color: r.color })),
    })),
    // Group DMs, where only the members' installs of the app reach (the bot is never in one).
    groupDms: [...emu.world.channels.values()]
      .filter((c) => c.type === ChannelType.GroupDM)
      .map((c) => ({ id: c.id, name: c.name, recipientIds: c.groupRecipientIds ?? [] })),
    users: [...emu.world.users.values()].map((u) => ({
      id: u.id,
      username: u.username,
      bot: u.bot,
      roles: guilds.flatMap(
        (g) =>
          emu.world
            .member(g.id, u.id)
            ?.roleIds.map((id) => emu.world.roles.get(id)?.name ?? id)
            .filter((name) => name !== "@everyone") ?? [],
      ),
      inGuilds: guilds.filter((g) => emu.world.member(g.id, u.id) !== undefined).map((g) => g.id),
      /** Permission bits (as a decimal string) in each server the user is in, for hiding commands. */
      permissions: Object.fromEntries(
        guilds
          .filter((g) => emu.world.member(g.id, u.id) !== undefined)
          .map((g) => [g.id, emu.world.guildPermissions(g.id, u.id).toString()]),
      ),
    })),
    commands: {
      global: emu.registeredCommands().map((c) => c.name),
      guild: Object.fromEntries(guilds.map(({ id }) => [id, emu.registeredCommands(id).map((c) => c.name)])),
    },
  };
}
