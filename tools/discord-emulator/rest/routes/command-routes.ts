/**
 * Application command registration, global and per guild: list, bulk overwrite, create, read, edit,
 * delete; every definition validated like Discord does.
 * @see https://discord.com/developers/docs/interactions/application-commands#registering-a-command
 */
import { apiErrors, FormErrors } from "../api-error.js";
import { validateCommand, validateCommandList } from "../../validation/command-validation.js";
import type { EmulatorContext } from "../../context.js";
import { withoutLocalizations } from "../../world/commands.js";
import type { RouteDefinition, RouteRequest, RouteResponse } from "../router.js";

function scopeOf(ctx: EmulatorContext, request: RouteRequest): string | null {
  // Discord answers Missing Access when the app is not this bot's or the bot is not in the guild.
  if (request.params.application !== ctx.applicationId) throw apiErrors.missingAccess();
  const guildId = request.params.guild;
  if (guildId === undefined) return null;
  if (!ctx.world.guilds.has(guildId) || !ctx.world.member(guildId, ctx.world.botUser.id))
    throw apiErrors.missingAccess();
  return guildId;
}

function commandOf(ctx: EmulatorContext, request: RouteRequest) {
  const command = ctx.commands.get(scopeOf(ctx, request), request.params.command ?? "");
  if (!command) throw apiErrors.unknownCommand();
  return command;
}

function validated<T>(check: (errors: FormErrors) => void, body: T): T {
  const errors = new FormErrors();
  check(errors);
  errors.throwIfAny();
  return body;
}

function handlers(ctx: EmulatorContext): Record<string, (r: RouteRequest) => RouteResponse> {
  return {
    list: (r) => {
      const commands = ctx.commands.list(scopeOf(ctx, r));
      const full = r.query.get("with_localizations") === "true";
      return { status: 200, body: full ? commands : commands.map(withoutLocalizations) };
    },
    overwrite: (r) => {
      const scope = scopeOf(ctx, r);
      const body = validated((e) => validateCommandList(e, r.body), r.body as Record<string, unknown>[]);
      const stored = ctx.commands.overwrite(scope, body);
      ctx.changed();
      return { status: 200, body: stored };
    },
    create: (r) => {
      const scope = scopeOf(ctx, r);
      const body = validated((e) => validateCommand(e, [], r.body), r.body as Record<string, unknown>);
      const { command, created } = ctx.commands.upsert(scope, body);
      ctx.changed();
      return { status: created ? 201 : 200, body: command };
    },
    get: (r) => ({ status: 200, body: commandOf(ctx, r) }),
    edit: (r) => {
      const scope = scopeOf(ctx, r);
      const existing = commandOf(ctx, r);
      const merged = { ...existing, ...(r.body as Record<string, unknown>) } as Record<string, unknown>;
      for (const key of ["id", "application_id", "version", "guild_id"]) delete merged[key];
      validated((e) => validateCommand(e, [], merged), merged);
      if (
        ctx.commands
          .list(scope)
          .some((c) => c.id !== existing.id && c.name === merged.name && c.type === merged.type)
      ) {
        const errors = new FormErrors();
        errors.add(
          ["name"],
          "APPLICATION_COMMANDS_DUPLICATE_NAME",
          "Application command names must be unique",
        );
        errors.throwIfAny();
      }
      ctx.commands.remove(scope, existing.id);
      const { command } = ctx.commands.upsert(scope, merged);
      ctx.changed();
      return { status: 200, body: command };
    },
    remove: (r) => {
      const scope = scopeOf(ctx, r);
      const existing = commandOf(ctx, r);
      ctx.commands.remove(scope, existing.id);
      ctx.changed();
      return { status: 204 };
    },
  };
}

/** The routes. */
export function commandRoutes(ctx: EmulatorContext): RouteDefinition[] {
  const h = handlers(ctx);
  const routes: RouteDefinition[] = [];
  for (const base of [
    "/applications/:application/commands",
    "/applications/:application/guilds/:guild/commands",
  ]) {
    const major = base.includes(":guild") ? { major: "guild" } : {};
    const add = (method: RouteDefinition["method"], path: string, handler: RouteDefinition["handler"]) =>
      routes.push({ method, path, auth: "bot", bucket: "other", ...major, handler });
    add("GET", base, (r) => h.list!(r));
    add("PUT", base, (r) => h.overwrite!(r));
    add("POST", base, (r) => h.create!(r));
    add("GET", `${base}/:command`, (r) => h.get!(r));
    add("PATCH", `${base}/:command`, (r) => h.edit!(r));
    add("DELETE", `${base}/:command`, (r) => h.remove!(r));
  }
  return routes;
}
