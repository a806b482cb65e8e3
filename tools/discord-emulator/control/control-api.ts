/**
 * A small JSON control API under /_control for driving a bot by hand against the standalone emulator
 * (see cli.ts and README.md). Not part of Discord's API.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { DiscordEmulator } from "../emulator.js";
import { readRawBody, sendJson } from "../rest/http-io.js";
import type { FaultStatus } from "../rest/faults.js";
import type { SlashOptionValue } from "../world/slash-options.js";
import type { RequestRecord } from "../rest/request-log.js";
import { streamChanges } from "./event-stream.js";
import {
  fileInput,
  interactionView,
  messagesSeenBy,
  modalValues,
  slashOptions,
  userId,
  withoutBytes,
  worldState,
} from "./views.js";

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
      return worldState(emu);
    case "GET /_control/commands": {
      const guild = query.get("guild");
      return [...emu.registeredCommands(), ...(guild ? emu.registeredCommands(guild) : [])];
    }
    case "POST /_control/slash": {
      const user = userId(emu, body.user);
      const handle = await emu.sendSlashCommand({
        name: String(body.name),
        user,
        ...(body.dm === true ? { channelId: emu.dmChannelWith(user).id } : {}),
        options: slashOptions(body.options) as Record<string, SlashOptionValue>,
        ...(typeof body.channel === "string" ? { channelId: body.channel } : {}),
        ...(typeof body.guild === "string" ? { guildId: body.guild } : {}),
        ...subcommandOf(body.subcommand),
      });
      return interactionView(handle);
    }
    case "POST /_control/autocomplete": {
      const user = userId(emu, body.user);
      const handle = await emu.autocomplete({
        name: String(body.name),
        focused: String(body.focused),
        typed: String(body.typed ?? ""),
        user,
        ...(body.dm === true ? { channelId: emu.dmChannelWith(user).id } : {}),
        ...(typeof body.channel === "string" ? { channelId: body.channel } : {}),
        ...(typeof body.guild === "string" ? { guildId: body.guild } : {}),
        ...subcommandOf(body.subcommand),
      });
      // As Discord's client: the suggestions the bot answers within the 3 seconds it has.
      return { choices: await handle.waitForChoices({ timeoutMs: 3000 }) };
    }
    case "POST /_control/message-command":
      return interactionView(
        await emu.useMessageCommand({
          name: String(body.name),
          message: String(body.message),
          user: userId(emu, body.user),
        }),
      );
    case "POST /_control/click":
      return interactionView(
        await emu.clickButton({
          message: String(body.message),
          customId: String(body.customId),
          user: userId(emu, body.user),
        }),
      );
    case "POST /_control/select":
      return interactionView(
        await emu.selectMenu({
          message: String(body.message),
          customId: String(body.customId),
          values: Array.isArray(body.values) ? body.values.map(String) : [],
          user: userId(emu, body.user),
        }),
      );
    case "POST /_control/modal":
      return interactionView(
        await emu.submitModal({
          interaction: String(body.interaction),
          user: userId(emu, body.user),
          values: modalValues(body.values),
        }),
      );
    case "POST /_control/dm": {
      const files = Array.isArray(body.attachments) ? body.attachments : [];
      return withoutBytes(
        await emu.sendDirectMessage({
          user: userId(emu, body.user),
          content: String(body.content ?? ""),
          attachments: files.map((f, i) => fileInput(f, `attachments[${i}]`)),
        }),
      );
    }
    case "GET /_control/messages": {
      const channel =
        query.get("channel") ?? (query.get("dm") ? emu.dmChannelWith(userId(emu, query.get("dm"))).id : null);
      if (!channel) throw new Error("Give ?channel=ID or ?dm=username");
      const viewer = query.get("as");
      return messagesSeenBy(emu, channel, viewer === null ? null : userId(emu, viewer));
    }
    case "GET /_control/notifications": {
      const message = query.get("message");
      return message === null ? emu.notifications(userId(emu, query.get("user"))) : emu.notifiedBy(message);
    }
    case "GET /_control/message-history":
      return emu.messageHistory(query.get("id") ?? "").map(withoutBytes);
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
    if (req.method === "GET" && url.pathname === "/_control/events") {
      streamChanges(emu, res);
      return true;
    }
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

/** A sub-command as the control API takes it: `"name"` or `["group", "name"]`. */
function subcommandOf(value: unknown): { subcommand?: string | readonly [string, string] } {
  if (typeof value === "string") return { subcommand: value };
  if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === "string")) {
    return { subcommand: [value[0] as string, value[1] as string] };
  }
  return {};
}
