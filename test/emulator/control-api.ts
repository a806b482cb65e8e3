/**
 * A small JSON control API under /_control for driving a bot by hand against the standalone emulator
 * (see cli.ts and README.md). Not part of Discord's API.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { DiscordEmulator } from "./emulator.js";
import { readRawBody, sendJson } from "./rest/http-io.js";
import type { MessageSnapshot } from "./world/message-objects.js";
import type { FaultStatus } from "./rest/faults.js";
import type { SlashOptionValue } from "./world/slash-options.js";
import type { InteractionHandle } from "./world/interaction-handle.js";
import type { RequestRecord } from "./rest/request-log.js";

function withoutBytes(message: MessageSnapshot): unknown {
  return { ...message, attachments: message.attachments.map(({ bytes: _bytes, ...rest }) => rest) };
}

function interactionView(handle: InteractionHandle): unknown {
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

function userId(emu: DiscordEmulator, ref: unknown): string {
  if (typeof ref !== "string") throw new Error("`user` must be a username or user id");
  const user = [...emu.world.users.values()].find((u) => u.id === ref || u.username === ref);
  if (!user)
    throw new Error(
      `No user "${ref}" (known: ${[...emu.world.users.values()].map((u) => u.username).join(", ")})`,
    );
  return user.id;
}

type Body = Record<string, unknown>;

function indexParam(query: URLSearchParams, name: string): number {
  const raw = query.get(name) ?? "0";
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`?${name} must be a whole number >= 0, got "${raw}"`);
  return value;
}

/** `?last=N` (default 50) or `?from=INDEX` (every request from that log index on); `?bodies=0` drops bodies. */
function requestLog(emu: DiscordEmulator, query: URLSearchParams): unknown[] {
  const records = query.has("from")
    ? emu.requests.slice(indexParam(query, "from"))
    : emu.requests.slice(-Number(query.get("last") ?? 50));
  if (query.get("bodies") !== "0") return records;
  return records.map(({ body: _body, files: _files, errors: _errors, ...rest }) => rest);
}

/** Counts of a slice of the request log by `METHOD route` and by status. */
function requestStats(records: readonly RequestRecord[]): unknown {
  const byRoute: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  let rateLimited = 0;
  let injected = 0;
  for (const r of records) {
    const key = `${r.method} ${r.route || r.path}`;
    byRoute[key] = (byRoute[key] ?? 0) + 1;
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    if (r.rateLimited) rateLimited++;
    if (r.injected) injected++;
  }
  return { total: records.length, rateLimited, injected, byRoute, byStatus };
}

async function route(
  emu: DiscordEmulator,
  method: string,
  path: string,
  query: URLSearchParams,
  body: Body,
): Promise<unknown> {
  switch (`${method} ${path}`) {
    case "GET /_control/state":
      return {
        applicationId: emu.applicationId,
        guilds: [...emu.world.guilds.values()].map((g) => ({
          id: g.id,
          name: g.name,
          channels: emu.world.guildChannels(g.id).map((c) => ({ id: c.id, name: c.name, nsfw: c.nsfw })),
        })),
        users: [...emu.world.users.values()].map((u) => ({ id: u.id, username: u.username, bot: u.bot })),
        commands: {
          global: emu.registeredCommands().map((c) => c.name),
          guild: Object.fromEntries(
            [...emu.world.guilds.keys()].map((id) => [id, emu.registeredCommands(id).map((c) => c.name)]),
          ),
        },
      };
    case "POST /_control/slash": {
      const handle = await emu.sendSlashCommand({
        name: String(body.name),
        user: userId(emu, body.user),
        options: (body.options ?? {}) as Record<string, SlashOptionValue>,
        ...(typeof body.channel === "string" ? { channelId: body.channel } : {}),
        ...(typeof body.guild === "string" ? { guildId: body.guild } : {}),
        ...(typeof body.subcommand === "string" ? { subcommand: body.subcommand } : {}),
      });
      return interactionView(handle);
    }
    case "POST /_control/click":
      return interactionView(
        await emu.clickButton({
          message: String(body.message),
          customId: String(body.customId),
          user: userId(emu, body.user),
        }),
      );
    case "POST /_control/dm":
      return withoutBytes(
        await emu.sendDirectMessage({ user: userId(emu, body.user), content: String(body.content ?? "") }),
      );
    case "GET /_control/messages": {
      const channel =
        query.get("channel") ?? (query.get("dm") ? emu.dmChannelWith(userId(emu, query.get("dm"))).id : null);
      if (!channel) throw new Error("Give ?channel=ID or ?dm=username");
      return emu.messagesIn(channel).map(withoutBytes);
    }
    case "GET /_control/interaction": {
      const handle = emu.interaction(query.get("id") ?? "");
      if (!handle) throw new Error("Unknown interaction id");
      return interactionView(handle);
    }
    case "GET /_control/requests":
      return requestLog(emu, query);
    case "GET /_control/stats":
      return requestStats(emu.requests.slice(indexParam(query, "from")));
    case "GET /_control/gateway":
      return {
        identifies: emu.gateway.identifies.map(({ at, accepted, intents }) => ({ at, accepted, intents })),
        connectedSessions: emu.gateway.connectedSessions,
        sessionCount: emu.gateway.sessionCount,
        heartbeats: emu.gateway.heartbeats,
        resumes: emu.gateway.resumes,
      };
    case "POST /_control/clock/advance":
      emu.clock.advance(Number(body.ms));
      return { offsetMs: emu.clock.offsetMs };
    case "POST /_control/faults":
      if (body.clear === true) emu.faults.clear();
      if (typeof body.failNext === "number")
        emu.faults.failNext(body.failNext, {
          status: (body.status ?? 500) as FaultStatus,
          ...(typeof body.route === "string" ? { route: body.route } : {}),
        });
      if (typeof body.delayMs === "number")
        emu.faults.delay(body.delayMs, typeof body.route === "string" ? { route: body.route } : {});
      return { disconnected: body.disconnect === true ? emu.faults.disconnectGateway() : 0 };
    default:
      throw Object.assign(new Error(`No control route ${method} ${path}`), { status: 404 });
  }
}

/** Creates the handler; `emulator()` returns the running emulator. */
export function controlApi(emulator: () => DiscordEmulator | null) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (!url.pathname.startsWith("/_control/")) return false;
    const emu = emulator();
    if (!emu) return false;
    try {
      const raw = await readRawBody(req);
      const body = (raw.length > 0 ? JSON.parse(raw.toString("utf8")) : {}) as Body;
      sendJson(res, 200, await route(emu, req.method ?? "GET", url.pathname, url.searchParams, body));
    } catch (error) {
      const status = (error as { status?: number }).status ?? 400;
      sendJson(res, status, { error: error instanceof Error ? error.message : String(error) });
    }
    return true;
  };
}
