/**
 * Steps the pool's end-to-end tests share: a bot with several reference services (server 1 is the
 * harness's), /imagine as a member, and finding which service holds a job's record.
 */
import {
  startReferenceService,
  type ReferenceService,
  type ReferenceServiceOptions,
} from "../../tools/reference-service/index.js";
import type { UserRef } from "../../tools/discord-emulator/world/world-types.js";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { answerTo } from "./admission-steps.js";
import { RETRIES_MS } from "./service-error-steps.js";
import { isWaiting } from "../../src/imagine/job.js";

/** A bot whose servers are the harness's service and `more` (servers 2, 3, ...). */
export interface PoolHarness {
  h: BotHarness;
  /** Every service, server 1 first. */
  services: ReferenceService[];
  stop(): Promise<void>;
}

/**
 * Starts the harness with `more` extra reference services, each server with `slots` slots; `first`: server
 * 1's reference service (default: hosted).
 */
export async function startPool(
  more: ReferenceServiceOptions[],
  options: {
    slots?: number;
    env?: Record<string, string>;
    first?: ReferenceServiceOptions;
    /** A SQLite file the bot opens itself, read back by a restart (see `BotHarnessOptions.databasePath`). */
    databasePath?: string;
  } = {},
): Promise<PoolHarness> {
  const extra = await Promise.all(more.map((o) => startReferenceService({ tickMs: 0, ...o })));
  const env: Record<string, string> = {
    USER_MAX_ACTIVE_JOBS: "20",
    GUILD_MAX_ACTIVE_JOBS: "50",
    ...options.env,
  };
  const slots = String(options.slots ?? 3);
  env["IMAGINE_API_NAME"] = "one";
  env["IMAGINE_API_SLOTS"] = slots;
  extra.forEach((service, i) => {
    const n = i + 2;
    env[`IMAGINE_API_URL_${n}`] = service.url;
    env[`IMAGINE_API_TOKEN_${n}`] = service.token;
    env[`IMAGINE_API_NAME_${n}`] = ["two", "three", "four"][i]!;
    env[`IMAGINE_API_SLOTS_${n}`] = slots;
  });
  const h = await startBotHarness({
    env,
    ...(options.first ? { service: options.first } : {}),
    ...(options.databasePath ? { databasePath: options.databasePath } : {}),
  });
  return {
    h,
    services: [h.service, ...extra],
    async stop() {
      await h.stop();
      await Promise.all(extra.map((s) => s.close()));
    },
  };
}

/**
 * `user` (default Alice) runs /imagine; resolves once the job's "waiting" message shows, with its image id
 * (a stand-in `q-…` while it waits in the bot's queue).
 */
export async function imagineOnPool(
  p: PoolHarness,
  prompt: string,
  user?: UserRef,
): Promise<{ handle: InteractionHandle; imageId: string }> {
  const { h } = p;
  const handle = await h.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt },
    user: user ?? h.world.alice,
    channelId: h.world.general.id,
  });
  await handle.waitForResponse({
    where: (m) => /waiting in line|waits in the bot's line/i.test(textOf(m)),
    // A server that went down may first be tried and refuse the connection.
    timeoutMs: 5_000 + RETRIES_MS,
  });
  const job = await h.bot.context.imagine.findJob(handle.id);
  if (!job) throw new Error(`no job for interaction ${handle.id}`);
  return { handle, imageId: job.imageId };
}

/** Waits until the job of interaction `ref` left the bot's queue: its record exists; resolves its image id. */
export function startedImageId(p: PoolHarness, ref: string): Promise<string> {
  return p.h.emu.waitFor(
    () => p.h.bot.context.imagine.activeJobs().find((j) => j.ref === ref && !isWaiting(j))?.imageId,
    { description: `the job of ${ref} to start` },
  );
}

/** Which service (0: server 1) holds the record `imageId`; -1 when none does. */
export function serviceOf(p: PoolHarness, imageId: string): number {
  return p.services.findIndex((s) => s.record(imageId) !== undefined);
}

/** Create requests (`POST /items/images`) a service answered. */
export function createsAt(service: ReferenceService): number {
  return service.requests.filter((r) => r.request === "POST /items/images").length;
}

/** Runs `/imagine-status` (with `job`, if given) as the moderator; the text of every embed. */
export async function statusAsModerator(pool: PoolHarness, job?: string): Promise<string> {
  const { h } = pool;
  const handle = await h.emu.sendSlashCommand({
    name: "imagine-status",
    ...(job ? { options: { job } } : {}),
    user: h.world.mod,
    channelId: h.world.general.id,
  });
  return textOf(await answerTo(h, handle));
}
