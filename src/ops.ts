/**
 * The operations side of the bot: the HTTP server with /healthz, /metrics and the webhook receiver, and
 * what its health report checks.
 */
import type { Config } from "./config.js";
import type { GatewayWatch } from "./discord/gateway-watch.js";
import type { OpsServer } from "./http/ops-server.js";
import type { HealthCheck } from "./http/health.js";
import type { ImagineService } from "./imagine/imagine-service.js";
import type { StoreScope, SubmissionTimes } from "./imagine/job-store.js";
import type { HealthReader } from "./admission/service-health.js";
import type { Logger } from "./logger.js";
import type { MetricsSink } from "./metrics/metrics-sink.js";
import { errorMessage } from "./errors.js";
import type { WebhookDisposition } from "./http/webhook.js";
import type { ImageRecord } from "./service/schema.js";
import type { ServerPool } from "./pool/server-pool.js";
import type { ServiceProfile } from "./service/service-profile.js";

export interface OpsDeps {
  config: Config;
  /** The Discord gateway connection's state. */
  gateway: Pick<GatewayWatch, "problem">;
  store: StoreScope & Pick<SubmissionTimes, "recordSubmission">;
  health: HealthReader;
  /** The pool's servers: with several, /healthz has a check for each (information, never a failure). */
  pool?: Pick<ServerPool, "servers">;
  /** Which kind of server the service is (shown by /healthz). */
  profile: Pick<ServiceProfile, "describe">;
  imagine: ImagineService;
  /** The gateway shards this process runs. */
  shards(): number[];
  metrics: MetricsSink;
  logger: Logger;
  now: () => number;
}

/** Most job ids the `process` check lists. */
const JOB_IDS_SHOWN = 50;

/** What this process owns: its id, the gateway shards it runs and the jobs it follows (always passes). */
export function processCheck(deps: Pick<OpsDeps, "imagine" | "shards">): HealthCheck {
  const jobs = deps.imagine.followedJobIds();
  const shown = jobs.slice(0, JOB_IDS_SHOWN).join(", ");
  const more = jobs.length > JOB_IDS_SHOWN ? `, and ${jobs.length - JOB_IDS_SHOWN} more` : "";
  const shards = deps.shards();
  return {
    name: "process",
    ok: true,
    detail:
      `${deps.imagine.processId}; shards: ${shards.length > 0 ? shards.join(", ") : "none"}; ` +
      `${jobs.length} ${jobs.length === 1 ? "job" : "jobs"}${jobs.length > 0 ? `: ${shown}${more}` : ""}`,
  };
}

/** The checks behind /healthz: the gateway, the store, the image service, and what this process owns. */
export async function healthChecks(deps: OpsDeps): Promise<HealthCheck[]> {
  const gatewayProblem = deps.gateway.problem();
  const gateway: HealthCheck =
    gatewayProblem === null
      ? { name: "discord-gateway", ok: true }
      : { name: "discord-gateway", ok: false, detail: gatewayProblem };
  let store: HealthCheck = { name: "store", ok: true };
  try {
    await deps.store.recordSubmission("healthz-probe", deps.now());
  } catch (err) {
    store = { name: "store", ok: false, detail: `cannot write: ${errorMessage(err)}` };
  }
  const service = await deps.health.current();
  const serviceCheck: HealthCheck =
    service.botStatus === null
      ? { name: "image-service", ok: false, detail: `unreachable: ${service.lastError ?? "no answer"}` }
      : { name: "image-service", ok: true, detail: `bot_status ${service.botStatus}` };
  // What the bot found out about the server (ref, upscale route): information, never a failure.
  const kind: HealthCheck = { name: "image-service-kind", ok: true, detail: deps.profile.describe() };
  return [gateway, store, serviceCheck, kind, ...serverChecks(deps), processCheck(deps)];
}

/**
 * With several servers, one check per server: its status, slots in use and what it is. Always passing: the
 * bot works while any server does (`image-service` says whether one answers).
 */
function serverChecks(deps: Pick<OpsDeps, "pool" | "now">): HealthCheck[] {
  const servers = deps.pool?.servers ?? [];
  if (servers.length < 2) return [];
  return servers.map((s) => {
    const { botStatus, lastError } = s.health.last;
    const status =
      botStatus === null ? `unreachable: ${lastError ?? "no answer yet"}` : `bot_status ${botStatus}`;
    const resting = s.backingOff(deps.now()) ? " · resting after failed creates" : "";
    return {
      name: `image-server:${s.name}`,
      ok: true,
      detail: `${status} · ${s.inUse}/${s.slots} slots busy${resting} · ${s.profile.describe()}`,
    };
  });
}

/**
 * A webhook about a job this process follows is a hint for it; in a fleet, one about a job another process
 * follows is passed to that process through the database.
 */
async function routeWebhook(deps: OpsDeps, record: ImageRecord): Promise<WebhookDisposition> {
  if (deps.imagine.push(record)) return "accepted";
  const hints = deps.store.fleet?.hints;
  if (!hints) return "ignored";
  return (await hints.send(record.id)) ? "accepted" : "ignored";
}

/**
 * Starts the HTTP server when HTTP_PORT is set; the webhook receiver only with WEBHOOK_SECRET. The server's
 * code is loaded only then.
 */
export async function startOps(deps: OpsDeps): Promise<OpsServer | null> {
  const { config } = deps;
  if (config.HTTP_PORT === undefined) return null;
  const { startOpsServer } = await import("./http/ops-server.js");
  deps.metrics.setProcess(deps.imagine.processId, deps.shards());
  const server = await startOpsServer({
    port: config.HTTP_PORT,
    host: config.HTTP_HOST,
    logger: deps.logger.child({ component: "http" }),
    metrics: deps.metrics,
    health: async () => ({ checks: await healthChecks(deps) }),
    ...(config.WEBHOOK_SECRET
      ? {
          webhook: {
            secret: config.WEBHOOK_SECRET,
            onEvent: (event) => routeWebhook(deps, event.payload),
          },
        }
      : {}),
  });
  deps.logger.info(
    { port: server.port, webhook: config.WEBHOOK_SECRET !== undefined },
    "HTTP server listening (/healthz, /metrics)",
  );
  return server;
}
