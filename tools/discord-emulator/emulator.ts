/**
 * The Discord emulator: REST API (v10) and gateway on 127.0.0.1 for a real discord.js Client, a world
 * model, and a test API that reads the way a user sees Discord.
 *
 * @example
 * const emu = await startDiscordEmulator();
 * const guild = emu.addGuild({ name: "Test Server" });
 */
import { AttachmentSigner } from "./rest/signed-urls.js";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { GatewayDispatchEvents, GatewayIntentBits } from "discord-api-types/v10";
import { EmulatorClock } from "./clock.js";
import { CommandRegistry } from "./world/commands.js";
import { resolveOptions, type DiscordEmulatorOptions, type EmulatorContext } from "./context.js";
import { EmulatorQueries } from "./emulator-queries.js";
import { FaultInjector } from "./rest/faults.js";
import { GatewayServer, shardOfGuild } from "./gateway/gateway.js";
import { InteractionRegistry } from "./world/interactions.js";
import { MessageStore } from "./world/message-store.js";
import { Messaging } from "./world/messaging.js";
import { RateLimiter } from "./rest/rate-limits.js";
import type { RequestRecord } from "./rest/request-log.js";
import { Router } from "./rest/router.js";
import { channelRoutes } from "./rest/routes/channel-routes.js";
import { commandRoutes } from "./rest/routes/command-routes.js";
import { interactionRoutes } from "./rest/routes/interaction-routes.js";
import { applicationFlags, metaRoutes } from "./rest/routes/meta-routes.js";
import { webhookRoutes } from "./rest/routes/webhook-routes.js";
import { handleHttp, type ExtraHandler } from "./rest/server.js";
import { SchemaCheck } from "./schema/schema-check.js";
import {
  forgetSchemaViolations,
  reportSchemaViolation,
  type SchemaViolation,
} from "./schema/schema-violations.js";
import { SnowflakeGenerator } from "./world/snowflake.js";
import { ChangeWaiters } from "./wait-for.js";
import { World } from "./world/world.js";
import type { WorldEvent } from "./world/world-types.js";
import { channelObject, guildCreateObject, roleObject, userObject } from "./world/world-objects.js";

/** A running emulator. Everything a test needs is on it; see README.md. */
export class DiscordEmulator extends EmulatorQueries {
  /** `http://127.0.0.1:PORT/api`: pass as `rest.api` to discord.js. */
  readonly apiUrl: string;
  /** `http://127.0.0.1:PORT`. */
  readonly baseUrl: string;
  readonly port: number;
  /** Change rate-limit bucket sizes at run time with `emu.rateLimits.configure({...})`. */
  readonly rateLimits: RateLimiter;
  /** Fault injection: failNext, failShare, delay, disconnectGateway, clear. */
  readonly faults: FaultInjector;
  /** Gateway statistics: identifies, resumes, heartbeats, closes, connectedSessions. */
  readonly gateway: GatewayServer;
  /** Request bodies and answers that their operation's schema in Discord's API description refuses. */
  readonly schemaViolations: readonly SchemaViolation[];
  readonly #server: Server;

  /** @internal use {@link startDiscordEmulator}. */
  constructor(
    ctx: EmulatorContext,
    waiters: ChangeWaiters,
    parts: {
      server: Server;
      limiter: RateLimiter;
      faults: FaultInjector;
      requests: RequestRecord[];
      internalErrors: string[];
      warnings: string[];
      schemaViolations: SchemaViolation[];
    },
  ) {
    super(ctx, waiters, parts.requests, parts.internalErrors, parts.warnings);
    this.schemaViolations = parts.schemaViolations;
    this.#server = parts.server;
    this.rateLimits = parts.limiter;
    this.faults = parts.faults;
    this.gateway = ctx.gateway;
    this.port = (parts.server.address() as AddressInfo).port;
    this.baseUrl = ctx.baseUrl();
    this.apiUrl = `${this.baseUrl}/api`;
  }

  /**
   * Returns the schema violations so far and clears them, so the test hook does not fail the test: for a
   * test that sends what Discord refuses on purpose and asserts the answer.
   */
  takeSchemaViolations(): SchemaViolation[] {
    const taken = (this.schemaViolations as SchemaViolation[]).splice(0);
    forgetSchemaViolations(taken);
    return taken;
  }

  /** Stops the server. Destroy discord.js clients first: `client.destroy()` hangs if the emulator closes first. */
  async close(): Promise<void> {
    await this.ctx.gateway.close();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** How a listening address is written in a URL: any-address binds are reached on loopback. */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

let schemaCheck: SchemaCheck | null = null;
/** One check per process: loading Discord's API description takes a few hundred ms. */
function sharedSchemaCheck(): SchemaCheck {
  schemaCheck ??= new SchemaCheck();
  return schemaCheck;
}

function newBotToken(applicationId: string): string {
  return `${Buffer.from(applicationId).toString("base64url")}.${randomBytes(4).toString("base64url")}.${randomBytes(28).toString("base64url")}`;
}

function worldEventDispatch(ctx: EmulatorContext, event: WorldEvent): void {
  // The gateway tells the bot only of servers it is in.
  const guildId = worldEventGuild(event);
  if (guildId !== null && !ctx.world.botIsIn(guildId)) {
    ctx.changed();
    return;
  }
  const needsGuilds = (build: () => unknown) => (intents: number) =>
    (intents & GatewayIntentBits.Guilds) !== 0 ? build() : null;
  switch (event.kind) {
    case "guildCreate":
      ctx.gateway.dispatch(
        GatewayDispatchEvents.GuildCreate,
        () => guildCreateObject(ctx.world, event.guild),
        event.guild.id,
      );
      break;
    case "roleCreate":
      ctx.gateway.dispatch(
        GatewayDispatchEvents.GuildRoleCreate,
        needsGuilds(() => ({
          guild_id: event.role.guildId,
          role: roleObject(event.role, ctx.world.botUser.id),
        })),
        event.role.guildId,
      );
      break;
    case "channelCreate":
      ctx.gateway.dispatch(
        GatewayDispatchEvents.ChannelCreate,
        needsGuilds(() => channelObject(ctx.world, event.channel)),
        event.channel.guildId,
      );
      break;
    case "channelUpdate":
      ctx.gateway.dispatch(
        GatewayDispatchEvents.ChannelUpdate,
        needsGuilds(() => channelObject(ctx.world, event.channel)),
        event.channel.guildId,
      );
      break;
  }
  ctx.changed();
}

/** The server a world event happened in; null for none (a DM channel). */
function worldEventGuild(event: WorldEvent): string | null {
  switch (event.kind) {
    case "guildCreate":
      return event.guild.id;
    case "roleCreate":
      return event.role.guildId;
    case "channelCreate":
    case "channelUpdate":
      return event.channel.guildId;
  }
}

/** Starts an emulator on 127.0.0.1 with an empty world (see fixtures.ts for the default world). */
export async function startDiscordEmulator(
  options: DiscordEmulatorOptions = {},
  extraHandler: ExtraHandler | null = null,
): Promise<DiscordEmulator> {
  const resolved = resolveOptions(options);
  let describeState = () => "";
  const waiters = new ChangeWaiters(() => describeState());
  const notify = () => waiters.notify();
  const clock = new EmulatorClock(notify);
  const ids = new SnowflakeGenerator(() => clock.now());
  const applicationId = ids.next();
  const botToken = resolved.botToken ?? newBotToken(applicationId);
  const botUser = {
    id: applicationId,
    username: resolved.botUsername,
    globalName: null,
    bot: true,
    dmsBlocked: false,
    appInstalled: false,
  };
  let baseUrl = "";
  const requests: RequestRecord[] = [];
  const internalErrors: string[] = [];
  const warnings: string[] = [];
  const schemaViolations: SchemaViolation[] = [];
  let ctx: EmulatorContext | null = null;
  const world = new World(
    ids,
    botUser,
    () => clock.now(),
    (event) => ctx && worldEventDispatch(ctx, event),
  );
  const messages = new MessageStore(ids, () => clock.now());
  const changed = notify;
  const gateway = new GatewayServer({
    heartbeatIntervalMs: resolved.heartbeatIntervalMs,
    botToken,
    enabledPrivilegedIntents: resolved.enabledPrivilegedIntents,
    readyPayload: (sessionId, shard) => ({
      v: 10,
      user: { ...userObject(botUser), verified: true, mfa_enabled: false, flags: 0 },
      guilds: [...world.guilds.keys()]
        .filter((id) => world.botIsIn(id) && shardOfGuild(id, shard[1]) === shard[0])
        .map((id) => ({ id, unavailable: true })),
      session_id: sessionId,
      resume_gateway_url: `${baseUrl.replace(/^http/, "ws")}/gateway`,
      shard,
      application: { id: applicationId, flags: ctx ? applicationFlags(ctx) : 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
      _trace: ["discord-emulator"],
    }),
    guildCreates: (shard) =>
      [...world.guilds.values()]
        .filter((g) => world.botIsIn(g.id) && shardOfGuild(g.id, shard[1]) === shard[0])
        .map((g) => guildCreateObject(world, g)),
    changed,
  });
  const signer = new AttachmentSigner(resolved.attachmentUrlLifetimeMs);
  const messaging = new Messaging({
    signUrl: (url) => signer.sign(url, clock.now()),
    world,
    messages,
    gateway,
    ids,
    baseUrl: () => baseUrl,
    changed,
    enabledPrivilegedIntents: resolved.enabledPrivilegedIntents,
  });
  ctx = {
    options: resolved,
    clock,
    ids,
    world,
    messages,
    messaging,
    signer,
    interactions: new InteractionRegistry(),
    commands: new CommandRegistry(ids, applicationId),
    gateway,
    applicationId,
    botToken,
    baseUrl: () => baseUrl,
    changed,
    warn: (message) => {
      warnings.push(message);
      changed();
    },
  };
  const context = ctx;
  const limiter = new RateLimiter(resolved.rateLimits);
  const faults = new FaultInjector(resolved.random, (code) => gateway.disconnectAll(code));
  const router = new Router([
    ...metaRoutes(context),
    ...commandRoutes(context),
    ...interactionRoutes(context),
    ...webhookRoutes(context),
    ...channelRoutes(context),
  ]);
  const schema = resolved.checkSchemas ? sharedSchemaCheck() : null;
  const server = createServer((req, res) => {
    void handleHttp(
      {
        ctx: context,
        router,
        limiter,
        faults,
        log: (record) => requests.push(record),
        onInternalError: (_error, record) =>
          internalErrors.push(`${record.method} ${record.path}: ${record.message ?? ""}`),
        schema,
        onSchemaViolation: (violation) => {
          schemaViolations.push(violation);
          reportSchemaViolation(violation);
        },
        extraHandler,
      },
      req,
      res,
    );
  });
  server.on("upgrade", (req, socket, head) => gateway.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(resolved.port, resolved.host, () => resolve());
  });
  baseUrl = `http://${urlHost(resolved.host)}:${(server.address() as AddressInfo).port}`;
  const emulator = new DiscordEmulator(context, waiters, {
    server,
    limiter,
    faults,
    requests,
    internalErrors,
    warnings,
    schemaViolations,
  });
  describeState = () => emulator.describeState();
  return emulator;
}
