/**
 * `npm run demo -- --servers N`: more reference image services beside the world's own (server 1), and a
 * small control API to make one unhealthy, paused, healthy, or stop and start it again:
 * - `GET  /_pool/servers`: every server's number, name, URL, health and whether it runs;
 * - `POST /_pool/servers/<n>/health` with `{"status": "unhealthy" | "paused" | "healthy" | "starting"}`;
 * - `POST /_pool/servers/<n>/notice` with `{"text": "<Midjourney's notice>"}`: its account gets a notice and
 *   every job there fails with it (`{"text": null}` ends it; no text: the block notice of zcpua/midjourney-api #170);
 * - `POST /_pool/servers/<n>/stop` and `/start` (started again on the same port and token; a stopped
 *   reference service forgets its records, so jobs it ran are reported lost).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  startReferenceService,
  type BotStatus,
  type ReferenceService,
  type ServiceProfile,
} from "../tools/reference-service/index.js";

/** One server of the demo's pool. */
interface DemoServer {
  name: string;
  service: ReferenceService | null;
  port: number;
  token: string;
  profile: ServiceProfile;
  tickMs: number;
}

const STATUSES = new Set<BotStatus>(["healthy", "unhealthy", "paused", "starting"]);

/** The notice a server's account gets when the demo's control names none (zcpua/midjourney-api #170). */
export const DEMO_ACCOUNT_NOTICE =
  "You have been blocked from accessing Midjourney. This happens on repeated or serious ToS violations.";

/** The demo's servers and their control routes. */
export interface DemoPool {
  /** The bot's environment for servers 2..N (`IMAGINE_API_URL_2`, ...) and every server's name. */
  env: Record<string, string>;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  return true;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** The kind of demo server `n` (1-based): server 1 is `first`; then every second one self-hosted. */
export function demoServerProfile(n: number, first: ServiceProfile): ServiceProfile {
  if (n === 1) return first;
  return n % 2 === 0 ? "self-hosted" : "hosted";
}

/**
 * What `count` demo servers are, as the demo's first line says it: "hosted" or "self-hosted" when all are
 * the same, else which numbers are which ("hosted: 1, 3; self-hosted: 2").
 */
export function describeDemoServers(count: number, first: ServiceProfile): string {
  const byKind = new Map<ServiceProfile, number[]>();
  for (let n = 1; n <= count; n++) {
    const kind = demoServerProfile(n, first);
    byKind.set(kind, [...(byKind.get(kind) ?? []), n]);
  }
  if (byKind.size === 1) return [...byKind.keys()][0]!;
  return [...byKind].map(([kind, numbers]) => `${kind}: ${numbers.join(", ")}`).join("; ");
}

/**
 * Starts `count - 1` more services (every other one self-hosted, so the two kinds can be compared) beside
 * `first` (server 1).
 */
export async function startDemoPool(
  first: ReferenceService,
  count: number,
  tickMs: number,
): Promise<DemoPool> {
  const servers: DemoServer[] = [
    {
      name: "server-1",
      service: first,
      port: Number(new URL(first.url).port),
      token: first.token,
      profile: first.profile,
      tickMs,
    },
  ];
  const env: Record<string, string> = { IMAGINE_API_NAME: "server-1" };
  for (let n = 2; n <= count; n++) {
    const profile = demoServerProfile(n, first.profile);
    // Its `/_control/lifecycle` lets a person put its account in relax mode or make it out of date.
    const service = await startReferenceService({ tickMs, profile, initialHealth: "healthy", control: true });
    servers.push({
      name: `server-${n}`,
      service,
      port: Number(new URL(service.url).port),
      token: service.token,
      profile,
      tickMs,
    });
    Object.assign(env, {
      [`IMAGINE_API_URL_${n}`]: service.url,
      [`IMAGINE_API_TOKEN_${n}`]: service.token,
      [`IMAGINE_API_NAME_${n}`]: `server-${n}`,
    });
  }
  const view = () =>
    servers.map((s, i) => ({
      number: i + 1,
      name: s.name,
      profile: s.profile,
      url: `http://127.0.0.1:${s.port}`,
      running: s.service !== null,
      health: s.service?.health ?? null,
      accountNotice: s.service?.lifecycle.accountNotice ?? null,
    }));
  return {
    env,
    async handle(req, res, url) {
      if (!url.pathname.startsWith("/_pool/")) return false;
      if (req.method === "GET" && url.pathname === "/_pool/servers") return send(res, 200, view());
      const match = /^\/_pool\/servers\/(\d+)\/(health|notice|stop|start)$/.exec(url.pathname);
      const server = match ? servers[Number(match[1]) - 1] : undefined;
      if (!match || !server || req.method !== "POST")
        return send(res, 404, { error: "no such route or server" });
      const action = match[2];
      if (action === "health") {
        const body: Record<string, unknown> = await readBody(req).catch(() => ({}));
        const status = body["status"];
        if (!server.service) return send(res, 409, { error: "the server is stopped: start it first" });
        if (typeof status !== "string" || !STATUSES.has(status as BotStatus))
          return send(res, 400, { error: `status must be one of ${[...STATUSES].join(", ")}` });
        server.service.setHealth(status as BotStatus);
      } else if (action === "notice") {
        const body: Record<string, unknown> = await readBody(req).catch(() => ({}));
        const text = body["text"] === undefined ? DEMO_ACCOUNT_NOTICE : body["text"];
        if (!server.service) return send(res, 409, { error: "the server is stopped: start it first" });
        if (text !== null && (typeof text !== "string" || text.trim() === ""))
          return send(res, 400, { error: "text must be Midjourney's notice, or null to end it" });
        server.service.lifecycle.accountNotice = text;
      } else if (action === "stop" && server.service) {
        await server.service.close();
        server.service = null;
      } else if (action === "start" && !server.service) {
        server.service = await startReferenceService({
          port: server.port,
          tickMs: server.tickMs,
          profile: server.profile,
          initialHealth: "healthy",
          control: true,
          tokens: { [server.token]: "local-user" },
        });
      }
      return send(res, 200, view()[Number(match[1]) - 1]);
    },
    async close() {
      // Server 1 belongs to the world, which closes it.
      await Promise.all(servers.slice(1).map((s) => s.service?.close()));
    },
  };
}
