/**
 * The shared state every part of the emulator works on (world, messages, interactions, commands, gateway),
 * and the emulator's options with their defaults.
 */
import type { AttachmentSigner } from "./rest/signed-urls.js";
import { DEFAULT_ATTACHMENT_URL_LIFETIME_MS } from "./rest/signed-urls.js";
import type { EmulatorClock } from "./clock.js";
import type { CommandRegistry } from "./world/commands.js";
import type { GatewayServer } from "./gateway/gateway.js";
import type { InteractionRegistry } from "./world/interactions.js";
import type { MessageStore } from "./world/message-store.js";
import type { Messaging } from "./world/messaging.js";
import type { RateLimitConfig } from "./rest/rate-limits.js";
import type { SnowflakeGenerator } from "./world/snowflake.js";
import type { World } from "./world/world.js";

/** Options of {@link startDiscordEmulator}; every one has a realistic default. */
export interface DiscordEmulatorOptions {
  /** TCP port (default 0: any free port). */
  port?: number;
  /** Address to listen on (default 127.0.0.1, loopback only). */
  host?: string;
  /** A fixed bot token, so a bot's configuration survives restarts (default: a new random token each start). */
  botToken?: string;
  /** The bot's username (default "Imagine Bot"). */
  botUsername?: string;
  /** Gateway heartbeat interval sent in HELLO (default 41250 ms, Discord's usual value). */
  heartbeatIntervalMs?: number;
  /** Time allowed for the first interaction response, on the emulator clock (default 3000 ms). */
  interactionResponseDeadlineMs?: number;
  /** How long an interaction token works, on the emulator clock (default 15 min). */
  interactionTokenLifetimeMs?: number;
  /** Rate-limit bucket sizes (defaults in DEFAULT_RATE_LIMITS). */
  rateLimits?: Partial<RateLimitConfig>;
  /** Privileged intents enabled for the app in the Developer Portal (default 0: none). */
  enabledPrivilegedIntents?: number;
  /** Let tests send slash commands the bot never registered (default false: a user could not). */
  allowUnregisteredCommands?: boolean;
  /** Per-file upload limit (default 10 MiB, Discord's limit for servers without boosts). */
  maxUploadBytes?: number;
  /** Random source for fault shares (default Math.random). */
  random?: () => number;
  /**
   * How long, on the emulator clock, a message created with `nonce` and `enforce_nonce` is returned again
   * for the same author and nonce instead of a new one (default 2 min; Discord says "the past few minutes").
   */
  nonceWindowMs?: number;
  /**
   * How long a signed attachment link works, on the emulator clock (default 24 h, as Discord's); after it,
   * the link answers 404 until refreshed (`POST /attachments/refresh-urls`).
   */
  attachmentUrlLifetimeMs?: number;
  /** Shards `GET /gateway/bot` recommends (default 1). */
  recommendedShards?: number;
  /**
   * Check every request body and every answer against the operation's schema in Discord's API description
   * (the npm package discord-api-spec, strict), see `emu.schemaViolations` (default true).
   */
  checkSchemas?: boolean;
}

/** Options with defaults applied. */
export type ResolvedEmulatorOptions = Required<Omit<DiscordEmulatorOptions, "rateLimits" | "botToken">> & {
  rateLimits: Partial<RateLimitConfig>;
  botToken: string | null;
};

/** Applies defaults. */
export function resolveOptions(options: DiscordEmulatorOptions): ResolvedEmulatorOptions {
  return {
    port: options.port ?? 0,
    host: options.host ?? "127.0.0.1",
    botToken: options.botToken ?? null,
    botUsername: options.botUsername ?? "Imagine Bot",
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
    interactionResponseDeadlineMs: options.interactionResponseDeadlineMs ?? 3000,
    interactionTokenLifetimeMs: options.interactionTokenLifetimeMs ?? 15 * 60 * 1000,
    rateLimits: options.rateLimits ?? {},
    enabledPrivilegedIntents: options.enabledPrivilegedIntents ?? 0,
    allowUnregisteredCommands: options.allowUnregisteredCommands ?? false,
    maxUploadBytes: options.maxUploadBytes ?? 10 * 1024 * 1024,
    random: options.random ?? Math.random,
    nonceWindowMs: options.nonceWindowMs ?? 2 * 60 * 1000,
    recommendedShards: options.recommendedShards ?? 1,
    attachmentUrlLifetimeMs: options.attachmentUrlLifetimeMs ?? DEFAULT_ATTACHMENT_URL_LIFETIME_MS,
    checkSchemas: options.checkSchemas ?? true,
  };
}

/** Everything routes and the test API share. */
export interface EmulatorContext {
  readonly options: ResolvedEmulatorOptions;
  readonly clock: EmulatorClock;
  readonly ids: SnowflakeGenerator;
  readonly world: World;
  readonly messages: MessageStore;
  readonly messaging: Messaging;
  /** Signs attachment links and checks them when they are fetched. */
  readonly signer: AttachmentSigner;
  readonly interactions: InteractionRegistry;
  readonly commands: CommandRegistry;
  readonly gateway: GatewayServer;
  readonly applicationId: string;
  readonly botToken: string;
  /** `http://127.0.0.1:PORT` once listening. */
  baseUrl(): string;
  /** Notifies waiters that state changed. */
  changed(): void;
  /** Records advice about accepted-but-unwise requests (see `emu.warnings`). */
  warn(message: string): void;
}
