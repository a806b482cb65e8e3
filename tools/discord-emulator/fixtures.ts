/**
 * Standard test fixtures: the default world (one server "Test Server" with #general and an NSFW channel,
 * member alice, moderator mod, a user outside the server), a discord.js Client connected to the emulator,
 * and a guard that turns unhandled rejections (errors inside discord.js packet handlers) into failures.
 */
import { DEFAULT_EVERYONE_PERMISSIONS } from "./world/permissions.js";
import {
  Client,
  type SendableChannels,
  Events,
  GatewayIntentBits,
  Partials,
  type ClientOptions,
  type Interaction,
  type Message,
} from "discord.js";
import { PermissionFlagsBits } from "discord-api-types/v10";
import { sendDocumented } from "../../src/discord/documented-fields.js";
import type { DiscordEmulatorOptions } from "./context.js";
import { startDiscordEmulator, type DiscordEmulator } from "./emulator.js";
import { shardOfGuild } from "./gateway/gateway.js";
import type { EmulatedChannel, EmulatedGuild, EmulatedRole, EmulatedUser } from "./world/world-types.js";

/** The default world's parts. */
export interface DefaultWorld {
  guild: EmulatedGuild;
  /** #general, a normal text channel. */
  general: EmulatedChannel;
  /** #nsfw-art, an age-restricted channel. */
  nsfw: EmulatedChannel;
  /** A plain member. */
  alice: EmulatedUser;
  /** A member with the Moderator role (Manage Guild, Manage Messages). */
  mod: EmulatedUser;
  modRole: EmulatedRole;
  /** Not in the server; has the app installed to their account, so they and the bot can DM each other. */
  outsider: EmulatedUser;
  /**
   * "Friends", a server the bot is not in, where alice (who installed the app to her account) and outsider
   * are members: the app reaches it only through alice's interactions.
   */
  friends: EmulatedGuild;
  /** Friends' #chat, where Use External Apps is allowed. */
  friendsChat: EmulatedChannel;
  /** A group DM of alice and outsider (the bot is never in one). */
  groupDm: EmulatedChannel;
}

/** Builds the default world in an emulator. */
export function createDefaultWorld(emu: DiscordEmulator): DefaultWorld {
  const guild = emu.addGuild({ name: "Test Server" });
  const general = emu.addChannel({ guildId: guild.id, name: "general" });
  const nsfw = emu.addChannel({ guildId: guild.id, name: "nsfw-art", nsfw: true });
  const modRole = emu.addRole({
    guildId: guild.id,
    name: "Moderator",
    permissions: PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ManageMessages,
  });
  const alice = emu.addUser({ username: "alice", globalName: "Alice", appInstalled: true });
  emu.addMember({ guildId: guild.id, user: alice });
  const mod = emu.addUser({ username: "mod", globalName: "Mod" });
  emu.addMember({ guildId: guild.id, user: mod, roleIds: [modRole.id] });
  const outsider = emu.addUser({ username: "outsider", globalName: "Outsider", appInstalled: true });
  const friends = emu.addGuild({
    name: "Friends",
    withoutBot: true,
    everyonePermissions: DEFAULT_EVERYONE_PERMISSIONS | PermissionFlagsBits.UseExternalApps,
  });
  const friendsChat = emu.addChannel({ guildId: friends.id, name: "chat" });
  emu.addMember({ guildId: friends.id, user: alice });
  emu.addMember({ guildId: friends.id, user: outsider });
  const groupDm = emu.addGroupDm({ name: "weekend plans", users: [alice, outsider] });
  return { guild, general, nsfw, alice, mod, modRole, outsider, friends, friendsChat, groupDm };
}

/**
 * A new server whose events go to gateway shard `shard` of `shardCount`, with a #general channel that
 * `members` belong to. A guild's shard follows its id's timestamp, so the emulator clock moves on by a
 * millisecond until a new id lands on the shard.
 */
export function addGuildOnShard(
  emu: DiscordEmulator,
  shard: number,
  shardCount: number,
  members: readonly EmulatedUser[],
): { guild: EmulatedGuild; general: EmulatedChannel } {
  for (;;) {
    const guild = emu.addGuild({ name: `Server on shard ${shard}` });
    if (shardOfGuild(guild.id, shardCount) === shard) {
      const general = emu.addChannel({ guildId: guild.id, name: "general" });
      for (const user of members) emu.addMember({ guildId: guild.id, user });
      return { guild, general };
    }
    emu.clock.advance(1);
  }
}

/** Starts an emulator with the default world. */
export async function startDefaultEmulator(
  options: DiscordEmulatorOptions = {},
): Promise<{ emu: DiscordEmulator; world: DefaultWorld }> {
  const emu = await startDiscordEmulator(options);
  return { emu, world: createDefaultWorld(emu) };
}

/** Records unhandled rejections and client errors so a test can fail on them. */
export interface FailureGuard {
  readonly errors: unknown[];
  /** Records an error (e.g. from a client's "error" event). */
  record(error: unknown): void;
  /** Throws if anything was recorded. */
  assertNone(): void;
  /** Stops listening. */
  dispose(): void;
}

/** Listens for `unhandledRejection` (how discord.js packet-handler errors surface). */
export function trackUnhandledRejections(): FailureGuard {
  const errors: unknown[] = [];
  const listener = (reason: unknown) => errors.push(reason);
  process.on("unhandledRejection", listener);
  return {
    errors,
    record: (error) => errors.push(error),
    assertNone: () => {
      if (errors.length === 0) return;
      const text = errors
        .map((e) => (e instanceof Error ? (e.stack ?? e.message) : String(e)))
        .join("\n---\n");
      throw new Error(`${errors.length} unhandled error(s) during the test:\n${text}`);
    },
    dispose: () => {
      process.off("unhandledRejection", listener);
    },
  };
}

/** Options for {@link startTestClient}. */
export interface TestClientOptions {
  /** Default: Guilds and DirectMessages (what the bot needs). */
  intents?: ClientOptions["intents"];
  /** Default: [Partials.Channel] (needed to receive DMs). */
  partials?: Partials[];
  /** Extra REST options (the API URL is set). */
  rest?: ClientOptions["rest"];
  /** Real ms to wait for ready (default 10000). */
  readyTimeoutMs?: number;
  /** discord.js's shard ids and count (default: one shard). */
  shards?: number[];
  shardCount?: number;
  /** Errors emitted by the client go here. */
  guard?: FailureGuard;
}

/** Starts a discord.js Client against the emulator and waits until it is ready. */
export async function startTestClient(
  emu: DiscordEmulator,
  options: TestClientOptions = {},
): Promise<Client<true>> {
  const client = new Client({
    intents: options.intents ?? [GatewayIntentBits.Guilds, GatewayIntentBits.DirectMessages],
    partials: options.partials ?? [Partials.Channel],
    // Like the bot, it sends only the fields Discord documents for each route (no `tts` on edits).
    rest: { makeRequest: sendDocumented, ...options.rest, api: emu.apiUrl },
    ...(options.shards ? { shards: options.shards } : {}),
    ...(options.shardCount ? { shardCount: options.shardCount } : {}),
  });
  if (options.guard) {
    const guard = options.guard;
    client.on(Events.Error, (error) => guard.record(error));
  }
  const ready = new Promise<Client<true>>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`discord.js did not become ready within ${options.readyTimeoutMs ?? 10_000} ms`)),
      options.readyTimeoutMs ?? 10_000,
    );
    client.once(Events.ClientReady, (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  try {
    await client.login(emu.botToken);
    return await ready;
  } catch (error) {
    await client.destroy();
    throw error;
  }
}

/** An emulator with the default world, a ready client and a failure guard. */
export interface EmulatorHarness {
  emu: DiscordEmulator;
  world: DefaultWorld;
  client: Client<true>;
  guard: FailureGuard;
  /** Destroys the client, closes the emulator, then fails if unhandled errors happened. */
  stop(): Promise<void>;
}

/** Starts {@link EmulatorHarness}: emulator, default world, client (in that order). */
export async function startHarness(
  options: DiscordEmulatorOptions & { client?: TestClientOptions } = {},
): Promise<EmulatorHarness> {
  const guard = trackUnhandledRejections();
  const { client: clientOptions, ...emulatorOptions } = options;
  const { emu, world } = await startDefaultEmulator(emulatorOptions);
  let client: Client<true>;
  try {
    client = await startTestClient(emu, { guard, ...clientOptions });
  } catch (error) {
    await emu.close();
    guard.dispose();
    throw error;
  }
  return {
    emu,
    world,
    client,
    guard,
    stop: async () => {
      await client.destroy();
      await emu.close();
      guard.dispose();
      guard.assertNone();
    },
  };
}

/** Resolves with the next interaction the client receives (matching `filter`), so a test can respond itself. */
export function nextInteraction<T extends Interaction = Interaction>(
  client: Client,
  filter: (interaction: Interaction) => interaction is T = (_i): _i is T => true,
  timeoutMs = 5000,
): Promise<T> {
  return nextEvent(client, Events.InteractionCreate, filter, timeoutMs);
}

/** Resolves with the next message the client receives (matching `filter`). */
export function nextMessage(
  client: Client,
  filter: (message: Message) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Message> {
  return nextEvent(client, Events.MessageCreate, (m: Message): m is Message => filter(m), timeoutMs);
}

function nextEvent<E extends Events.InteractionCreate | Events.MessageCreate, V, T extends V>(
  client: Client,
  event: E,
  filter: (value: V) => value is T,
  timeoutMs: number,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const listener = (value: V) => {
      if (!filter(value)) return;
      clearTimeout(timer);
      client.off(event, listener as never);
      resolve(value);
    };
    const timer = setTimeout(() => {
      client.off(event, listener as never);
      reject(new Error(`No ${event} event within ${timeoutMs} ms`));
    }, timeoutMs);
    client.on(event, listener as never);
  });
}

/** The channel with this id as discord.js sees it, to send in. @throws {Error} when it cannot be sent in. */
export async function sendableChannel(client: Client, id: string): Promise<SendableChannels> {
  const channel = await client.channels.fetch(id);
  if (!channel?.isSendable()) throw new Error(`channel ${id} must be sendable`);
  return channel;
}
