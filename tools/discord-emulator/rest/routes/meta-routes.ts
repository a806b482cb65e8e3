/**
 * Gateway discovery, the bot's user and application, and read-only guild routes.
 * @see https://discord.com/developers/docs/events/gateway#get-gateway-bot
 */
import { ApplicationFlags } from "discord-api-types/v10";
import { apiErrors, FormErrors } from "../api-error.js";
import type { EmulatorContext } from "../../context.js";
import type { RouteDefinition } from "../router.js";
import {
  channelObject,
  guildCreateObject,
  memberObject,
  roleObject,
  userObject,
} from "../../world/world-objects.js";

/** Application flags of the emulated app (the Message Content intent shows here when enabled). */
export function applicationFlags(ctx: EmulatorContext): number {
  return ctx.options.enabledPrivilegedIntents & (1 << 15)
    ? ApplicationFlags.GatewayMessageContent
    : ApplicationFlags.GatewayMessageContentLimited;
}

/** The application object. */
export function applicationObject(ctx: EmulatorContext): Record<string, unknown> {
  return {
    id: ctx.applicationId,
    name: ctx.world.botUser.username,
    icon: null,
    description: "",
    bot_public: true,
    bot_require_code_grant: false,
    bot: userObject(ctx.world.botUser),
    verify_key: "0".repeat(64),
    flags: applicationFlags(ctx),
    team: null,
    owner: { id: ctx.applicationId, username: "owner", discriminator: "0", global_name: null, avatar: null },
    summary: "",
    approximate_guild_count: ctx.world.guilds.size,
    install_params: { scopes: ["bot", "applications.commands"], permissions: "0" },
    integration_types_config: { "0": {}, "1": {} },
  };
}

/** Most links one refresh takes. */
const MAX_REFRESH_URLS = 50;

/**
 * `POST /attachments/refresh-urls`: fresh signed links for attachment links of this CDN whose file still
 * exists (expired or not); a link of another host, or of a file deleted since, is left out of the answer.
 * @see https://discord.com/developers/docs/reference#signed-attachment-cdn-urls
 */
function refreshUrls(ctx: EmulatorContext, body: unknown) {
  const urls = (body as { attachment_urls?: unknown } | undefined)?.attachment_urls;
  const errors = new FormErrors();
  if (!Array.isArray(urls) || urls.some((u) => typeof u !== "string"))
    errors.add(["attachment_urls"], "BASE_TYPE_LIST", "Must be a list of strings.");
  else if (urls.length < 1 || urls.length > MAX_REFRESH_URLS)
    errors.badLength(["attachment_urls"], 1, MAX_REFRESH_URLS);
  errors.throwIfAny();
  const refreshed_urls: { original: string; refreshed: string }[] = [];
  for (const original of urls as string[]) {
    let url: URL;
    try {
      url = new URL(original);
    } catch {
      continue;
    }
    if (url.origin !== new URL(ctx.baseUrl()).origin || !url.pathname.startsWith("/attachments/")) continue;
    const id = url.pathname.split("/")[3] ?? "";
    if (!ctx.messages.liveAttachment(id)) continue;
    refreshed_urls.push({
      original,
      refreshed: ctx.signer.sign(`${url.origin}${url.pathname}`, ctx.clock.now()),
    });
  }
  return { status: 200, body: { refreshed_urls } };
}

function botGuild(ctx: EmulatorContext, guildId: string) {
  const guild = ctx.world.guilds.get(guildId);
  if (!guild || !ctx.world.member(guildId, ctx.world.botUser.id)) throw apiErrors.unknownGuild();
  return guild;
}

/** The routes. */
export function metaRoutes(ctx: EmulatorContext): RouteDefinition[] {
  const gatewayUrl = () => `${ctx.baseUrl().replace(/^http/, "ws")}/gateway`;
  const get = (path: string, handler: RouteDefinition["handler"], major?: string): RouteDefinition => ({
    method: "GET",
    path,
    auth: "bot",
    bucket: "other",
    ...(major ? { major } : {}),
    handler,
  });
  return [
    {
      method: "POST",
      path: "/attachments/refresh-urls",
      auth: "bot",
      bucket: "other",
      handler: (r) => refreshUrls(ctx, r.body),
    },
    get("/gateway/bot", () => ({
      status: 200,
      body: {
        url: gatewayUrl(),
        shards: ctx.options.recommendedShards,
        session_start_limit: {
          total: 1000,
          remaining: Math.max(0, 1000 - ctx.gateway.identifies.length),
          reset_after: 86_400_000,
          max_concurrency: 1,
        },
      },
    })),
    {
      method: "GET",
      path: "/gateway",
      auth: "none",
      bucket: "other",
      handler: () => ({ status: 200, body: { url: gatewayUrl() } }),
    },
    get("/users/@me", () => ({
      status: 200,
      body: {
        ...userObject(ctx.world.botUser),
        verified: true,
        mfa_enabled: false,
        locale: "en-US",
      },
    })),
    get("/users/:user", (r) => {
      const user = ctx.world.users.get(r.params.user ?? "");
      if (!user) throw apiErrors.unknownUser();
      return { status: 200, body: userObject(user) };
    }),
    get("/applications/@me", () => ({ status: 200, body: applicationObject(ctx) })),
    get("/oauth2/applications/@me", () => ({ status: 200, body: applicationObject(ctx) })),
    get(
      "/guilds/:guild",
      (r) => {
        const guild = botGuild(ctx, r.params.guild ?? "");
        const {
          channels: _c,
          members: _m,
          threads: _t,
          voice_states: _v,
          presences: _p,
          ...rest
        } = guildCreateObject(ctx.world, guild);
        return { status: 200, body: rest };
      },
      "guild",
    ),
    get(
      "/guilds/:guild/channels",
      (r) => {
        const guild = botGuild(ctx, r.params.guild ?? "");
        return {
          status: 200,
          body: ctx.world.guildChannels(guild.id).map((c) => channelObject(ctx.world, c)),
        };
      },
      "guild",
    ),
    get(
      "/guilds/:guild/roles",
      (r) => {
        const guild = botGuild(ctx, r.params.guild ?? "");
        return {
          status: 200,
          body: ctx.world.guildRoles(guild.id).map((role) => roleObject(role, ctx.world.botUser.id)),
        };
      },
      "guild",
    ),
    get(
      "/guilds/:guild/members/:user",
      (r) => {
        const guild = botGuild(ctx, r.params.guild ?? "");
        const member = ctx.world.member(guild.id, r.params.user ?? "");
        if (!member) throw apiErrors.unknownMember();
        return { status: 200, body: memberObject(ctx.world, member) };
      },
      "guild",
    ),
  ];
}
