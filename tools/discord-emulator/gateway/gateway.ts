/**
 * The gateway: a WebSocket server speaking Discord's gateway protocol (JSON, no compression): HELLO,
 * IDENTIFY (token, intents and shard checked), READY + GUILD_CREATE, heartbeats, RESUME with replay,
 * dispatches filtered by intents and routed by shard (a guild's events to shard `(guild_id >> 22) %
 * num_shards`, DMs to shard 0), and Discord's close codes.
 * @see https://discord.com/developers/docs/events/gateway
 * @see https://discord.com/developers/docs/events/gateway#sharding
 * @see https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-close-event-codes
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayIntentBits,
  GatewayOpcodes,
} from "discord-api-types/v10";
import { WebSocket, WebSocketServer, type RawData } from "ws";

/** Intents that must be enabled for the app in the Developer Portal before a bot may identify with them. */
export const PRIVILEGED_INTENTS =
  GatewayIntentBits.GuildMembers | GatewayIntentBits.GuildPresences | GatewayIntentBits.MessageContent;
const KNOWN_INTENTS = Object.values(GatewayIntentBits)
  .filter((v): v is number => typeof v === "number")
  .reduce((all, bit) => all | bit, 0);
/** How many dispatches a session keeps for RESUME replay. */
const REPLAY_BUFFER = 1000;

/** An IDENTIFY the gateway received. */
export interface IdentifyRecord {
  intents: number;
  properties: unknown;
  shard: unknown;
  /** Real time (ms since 1970). */
  at: number;
  accepted: boolean;
}

/** A connection close, by either side. */
export interface GatewayCloseRecord {
  code: number;
  reason: string;
  by: "client" | "emulator";
  at: number;
}

interface Dispatch {
  op: GatewayOpcodes.Dispatch;
  t: string;
  s: number;
  d: unknown;
}

/** `[shard_id, num_shards]` as sent in IDENTIFY. */
export type ShardPair = readonly [number, number];

/**
 * The shard that receives a guild's events; DMs (no guild) go to shard 0.
 * @see https://discord.com/developers/docs/events/gateway#sharding-sharding-formula
 */
export function shardOfGuild(guildId: string | null, shardCount: number): number {
  return guildId === null ? 0 : Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

interface Session {
  id: string;
  intents: number;
  shard: ShardPair;
  seq: number;
  buffer: Dispatch[];
  socket: WebSocket | null;
}

/** What the gateway needs from the emulator. */
export interface GatewayOptions {
  heartbeatIntervalMs: number;
  botToken: string;
  /** Privileged intents enabled for the app. */
  enabledPrivilegedIntents: number;
  /** The READY payload for a new session on `shard`. */
  readyPayload(sessionId: string, shard: ShardPair): unknown;
  /** GUILD_CREATE payloads sent right after READY, for the guilds of `shard`. */
  guildCreates(shard: ShardPair): unknown[];
  /** Called after anything observable happened. */
  changed(): void;
}

/** Builds a dispatch's data for a session with the given intents, or null to skip that session. */
export type DispatchBuilder = (intents: number) => unknown;

/** The gateway server; attach it to the HTTP server's `upgrade` event. */
export class GatewayServer {
  readonly identifies: IdentifyRecord[] = [];
  readonly closes: GatewayCloseRecord[] = [];
  heartbeats = 0;
  resumes = 0;
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #sessions = new Map<string, Session>();
  readonly #sockets = new Set<WebSocket>();
  readonly #closedByEmulator = new WeakSet<WebSocket>();
  /** Test hook: while true, new connections are answered 503 (a gateway outage); open ones stay. */
  refuseConnections = false;
  /** Test hook: refuse every RESUME and close every IDENTIFY with this code (a token reset: 4004). */
  refuseIdentifyWith: number | null = null;

  constructor(private readonly options: GatewayOptions) {}

  /** Handles an HTTP upgrade to `/gateway`; refuses anything else. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/gateway") {
      socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
      return;
    }
    if (this.refuseConnections) {
      socket.end("HTTP/1.1 503 Service Unavailable\r\n\r\n");
      return;
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws, url.searchParams));
  }

  /** Sessions that are identified and currently connected. */
  get connectedSessions(): number {
    return [...this.#sessions.values()].filter((s) => s.socket?.readyState === WebSocket.OPEN).length;
  }

  /** Sessions that exist, connected or waiting to resume. */
  get sessionCount(): number {
    return this.#sessions.size;
  }

  /** The intents of the most recent accepted IDENTIFY. */
  get lastIntents(): number | null {
    return this.identifies.filter((i) => i.accepted).at(-1)?.intents ?? null;
  }

  /** The `[shard_id, num_shards]` of every identified session. */
  get sessionShards(): ShardPair[] {
    return [...this.#sessions.values()].map((s) => s.shard);
  }

  /**
   * Sends an event to every session (buffered for sessions that are reconnecting); with `guildId` (null:
   * a DM), only to the session of the shard that guild belongs to.
   */
  dispatch(event: string, build: DispatchBuilder, guildId?: string | null): void {
    for (const session of this.#sessions.values()) {
      if (guildId !== undefined && shardOfGuild(guildId, session.shard[1]) !== session.shard[0]) continue;
      const data = build(session.intents);
      if (data !== null) this.#send(session, event, data);
    }
  }

  /** Closes every connection with `code` (sessions stay resumable); returns how many were closed. */
  disconnectAll(code: number): number {
    let count = 0;
    for (const session of this.#sessions.values()) {
      if (session.socket?.readyState === WebSocket.OPEN) {
        this.#close(session.socket, code, "Emulator: injected disconnect");
        session.socket = null;
        count++;
      }
    }
    return count;
  }

  /** Terminates every connection and stops accepting new ones. */
  async close(): Promise<void> {
    for (const ws of this.#sockets) ws.terminate();
    this.#sessions.clear();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #accept(ws: WebSocket, query: URLSearchParams): void {
    this.#sockets.add(ws);
    let session: Session | null = null;
    ws.on("close", (code, reason) => {
      this.#sockets.delete(ws);
      if (!this.#closedByEmulator.has(ws))
        this.closes.push({ code, reason: reason.toString(), by: "client", at: Date.now() });
      if (session && session.socket === ws) {
        session.socket = null;
        // A clean close (1000/1001) ends the session; anything else leaves it resumable.
        if (code === 1000 || code === 1001) this.#sessions.delete(session.id);
      }
      this.options.changed();
    });
    if (query.get("v") !== "10") {
      this.#close(ws, GatewayCloseCodes.InvalidAPIVersion, "Invalid API version.");
      return;
    }
    if ((query.get("encoding") ?? "json") !== "json" || query.has("compress")) {
      this.#close(
        ws,
        GatewayCloseCodes.DecodeError,
        "Emulator supports encoding=json without compression only.",
      );
      return;
    }
    ws.send(
      JSON.stringify({
        op: GatewayOpcodes.Hello,
        d: { heartbeat_interval: this.options.heartbeatIntervalMs },
      }),
    );
    ws.on("message", (raw: RawData) => {
      session = this.#onMessage(ws, session, raw);
    });
  }

  #onMessage(ws: WebSocket, session: Session | null, raw: RawData): Session | null {
    let payload: { op?: unknown; d?: unknown };
    try {
      payload = JSON.parse(raw.toString()) as { op?: unknown; d?: unknown };
    } catch {
      this.#close(ws, GatewayCloseCodes.DecodeError, "Error while decoding payload.");
      return session;
    }
    const d = (typeof payload.d === "object" && payload.d !== null ? payload.d : {}) as Record<
      string,
      unknown
    >;
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        this.heartbeats++;
        ws.send(JSON.stringify({ op: GatewayOpcodes.HeartbeatAck }));
        this.options.changed();
        return session;
      case GatewayOpcodes.Identify:
        if (session) {
          this.#close(ws, GatewayCloseCodes.AlreadyAuthenticated, "Already authenticated.");
          return session;
        }
        return this.#identify(ws, d);
      case GatewayOpcodes.Resume:
        if (session) {
          this.#close(ws, GatewayCloseCodes.AlreadyAuthenticated, "Already authenticated.");
          return session;
        }
        return this.#resume(ws, d);
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.VoiceStateUpdate:
      case GatewayOpcodes.RequestGuildMembers:
      case GatewayOpcodes.RequestSoundboardSounds:
        if (!session) this.#close(ws, GatewayCloseCodes.NotAuthenticated, "Not authenticated.");
        return session;
      default:
        this.#close(ws, GatewayCloseCodes.UnknownOpcode, "Unknown opcode.");
        return session;
    }
  }

  #identify(ws: WebSocket, d: Record<string, unknown>): Session | null {
    const intents = d.intents;
    const record: IdentifyRecord = {
      intents: typeof intents === "number" ? intents : -1,
      properties: d.properties,
      shard: d.shard,
      at: Date.now(),
      accepted: false,
    };
    this.identifies.push(record);
    if (this.refuseIdentifyWith !== null) {
      this.#close(ws, this.refuseIdentifyWith, "Emulator: identify refused");
      return null;
    }
    if (d.token !== this.options.botToken) {
      this.#close(ws, GatewayCloseCodes.AuthenticationFailed, "Authentication failed.");
      return null;
    }
    if (
      typeof intents !== "number" ||
      !Number.isInteger(intents) ||
      intents < 0 ||
      (intents & ~KNOWN_INTENTS) !== 0
    ) {
      this.#close(ws, GatewayCloseCodes.InvalidIntents, "Invalid intent(s).");
      return null;
    }
    if ((intents & PRIVILEGED_INTENTS & ~this.options.enabledPrivilegedIntents) !== 0) {
      this.#close(ws, GatewayCloseCodes.DisallowedIntents, "Disallowed intent(s).");
      return null;
    }
    const shard = validShard(d.shard);
    if (shard === null) {
      this.#close(ws, GatewayCloseCodes.InvalidShard, "Invalid shard.");
      return null;
    }
    record.accepted = true;
    const session: Session = {
      id: randomBytes(16).toString("hex"),
      intents,
      shard,
      seq: 0,
      buffer: [],
      socket: ws,
    };
    this.#sessions.set(session.id, session);
    this.#send(session, GatewayDispatchEvents.Ready, this.options.readyPayload(session.id, shard));
    for (const guild of this.options.guildCreates(shard))
      this.#send(session, GatewayDispatchEvents.GuildCreate, guild);
    this.options.changed();
    return session;
  }

  #resume(ws: WebSocket, d: Record<string, unknown>): Session | null {
    const refused = this.refuseIdentifyWith !== null || d.token !== this.options.botToken;
    const session = typeof d.session_id === "string" ? this.#sessions.get(d.session_id) : undefined;
    if (!session || refused || typeof d.seq !== "number") {
      ws.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false }));
      return null;
    }
    if (session.socket && session.socket !== ws && session.socket.readyState === WebSocket.OPEN) {
      this.#close(session.socket, GatewayCloseCodes.SessionTimedOut, "Session resumed elsewhere.");
    }
    session.socket = ws;
    const seq = d.seq;
    for (const dispatch of session.buffer) if (dispatch.s > seq) ws.send(JSON.stringify(dispatch));
    this.resumes++;
    this.#send(session, GatewayDispatchEvents.Resumed, {});
    this.options.changed();
    return session;
  }

  #send(session: Session, event: string, data: unknown): void {
    const dispatch: Dispatch = { op: GatewayOpcodes.Dispatch, t: event, s: ++session.seq, d: data };
    session.buffer.push(dispatch);
    if (session.buffer.length > REPLAY_BUFFER) session.buffer.shift();
    if (session.socket?.readyState === WebSocket.OPEN) session.socket.send(JSON.stringify(dispatch));
  }

  #close(ws: WebSocket, code: number, reason: string): void {
    this.closes.push({ code, reason, by: "emulator", at: Date.now() });
    this.#closedByEmulator.add(ws);
    ws.close(code, reason);
  }
}

/** The IDENTIFY's `shard` as a pair (none: `[0, 1]`), or null when it is not `[id, count]` with id < count. */
function validShard(shard: unknown): ShardPair | null {
  if (shard === undefined) return [0, 1];
  if (!Array.isArray(shard) || shard.length !== 2) return null;
  const [id, count] = shard as unknown[];
  if (!Number.isInteger(id) || !Number.isInteger(count)) return null;
  const pair: ShardPair = [id as number, count as number];
  return pair[1] >= 1 && pair[0] >= 0 && pair[0] < pair[1] ? pair : null;
}
