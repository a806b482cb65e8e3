/**
 * A fleet: three real bot processes on one real Postgres, each running one of three gateway shards of the
 * emulator, with the reference service. Sixty jobs from three servers (one per shard, so every process
 * follows some); one process is killed (SIGKILL) mid-flight; the others take its jobs over once its leases
 * run out. Every job is delivered exactly once, and limits hold across the processes: with each process
 * calling Discord itself, and with every process's REST calls through one Discord proxy (src/discord-proxy).
 */
import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { EmulatedChannel, EmulatedUser } from "../../tools/discord-emulator/world/world-types.js";
import { addGuildOnShard } from "../../tools/discord-emulator/fixtures.js";
import {
  imagineIn,
  linesWithSecrets,
  startProcessWorld,
  type BotProcess,
  type ProcessWorld,
  type StartedProcessJob,
} from "../support/bot-process.js";
import { textOf } from "../support/message-view.js";
import { freePort, usePostgresServer } from "../support/postgres-server.js";
import { startDiscordProxy, type DiscordProxy } from "../../src/discord-proxy/proxy-server.js";
import { silentLogger } from "../../src/logger.js";
import { isGrid, resultsOf, waitForResult } from "./imagine-steps.js";

const postgres = usePostgresServer();

const SHARDS = 3;
const LEASE_MS = 4000;
const POLL_MS = 2000;
const USERS = 6;
/** Each user starts ten jobs, spread over the three servers (so over the three processes). */
const USER_LIMIT = 10;
/** Each server gets twenty jobs. */
const SERVER_LIMIT = 20;

let w: ProcessWorld | undefined;
let proxy: DiscordProxy | undefined;
afterEach(async () => {
  await w?.stop();
  await proxy?.close();
  w = undefined;
  proxy = undefined;
});

interface Server {
  /** Its channels: Discord lets a bot post 5 messages per 5 s in one channel, so results spread over them. */
  channels: EmulatedChannel[];
  bot: BotProcess;
}

/** Every message anywhere that shows this job's final result. */
function finalMessagesOf(world: ProcessWorld, job: StartedProcessJob, user: EmulatedUser): MessageSnapshot[] {
  const channels = [job.handle.channelId, world.emu.dmChannelWith(user).id];
  return channels
    .flatMap((id) => world.emu.messagesIn(id))
    .filter((m) => isGrid(m) && textOf(m).includes(job.record.id));
}

describe.skipIf(!postgres.available)("a fleet of three bot processes on one Postgres", () => {
  /** Sixty jobs, one process killed mid-flight; `throughProxy`: every process's REST calls through one proxy. */
  async function sixtyJobsOneKilled(throughProxy: boolean): Promise<void> {
    w = await startProcessWorld({
      service: { lifecycle: { steps: 4, concurrency: 100 } },
      emulator: { allowUnregisteredCommands: true },
    });
    const world = w;
    const { emu, service } = world;
    if (throughProxy)
      proxy = await startDiscordProxy({
        api: emu.apiUrl,
        port: 0,
        host: "127.0.0.1",
        logger: silentLogger,
      });
    // The requests Discord saw before the bots started (the test's own command registration).
    const requestsBefore = emu.requests.length;
    const users = Array.from({ length: USERS + 1 }, (_, i) => emu.addUser({ username: `user${i}` }));
    const databaseUrl = await postgres.createDatabase();
    const shardGuilds = Array.from({ length: SHARDS }, (_, shard) =>
      addGuildOnShard(emu, shard, SHARDS, users),
    );
    const env = {
      DATABASE_URL: databaseUrl,
      DISCORD_SHARD_COUNT: String(SHARDS),
      JOB_LEASE_MS: String(LEASE_MS),
      POLL_INTERVAL_MS: String(POLL_MS),
      PROGRESS_UPDATE_INTERVAL_MS: "100",
      // Links instead of uploads: the work after a takeover is the fleet's, not image transfer's.
      IMAGE_DELIVERY: "link",
      USER_MAX_ACTIVE_JOBS: String(USER_LIMIT),
      GUILD_MAX_ACTIVE_JOBS: String(SERVER_LIMIT),
      ...(proxy ? { DISCORD_PROXY_URL: proxy.apiUrl } : {}),
    };
    const bots = await Promise.all(
      shardGuilds.map((_g, shard) => world.startBot({ ...env, DISCORD_SHARDS: String(shard) }, 60_000)),
    );
    const servers: Server[] = shardGuilds.map((g, shard) => ({
      channels: [
        g.general,
        ...[1, 2, 3].map((n) => emu.addChannel({ guildId: g.guild.id, name: `general-${n}` })),
      ],
      bot: bots[shard]!,
    }));

    // 60 jobs: user u's j-th job goes to server (u + j) % 3, so each user has jobs on every process.
    const submissions = Array.from({ length: USERS * USER_LIMIT }, (_, i) => {
      const user = users[i % USERS]!;
      const server = servers[((i % USERS) + Math.floor(i / USERS)) % SHARDS]!;
      const channel = server.channels[Math.floor(i / SHARDS) % server.channels.length]!;
      return { user, server, channel, prompt: `fleet job ${i}` };
    });
    const jobs: (StartedProcessJob & { user: EmulatedUser; server: Server })[] = [];
    for (let batch = 0; batch < submissions.length; batch += 12) {
      const started = await Promise.all(
        submissions.slice(batch, batch + 12).map(async (s) => ({
          ...(await imagineIn(world, s.prompt, { user: s.user, channel: s.channel })),
          user: s.user,
          server: s.server,
        })),
      );
      jobs.push(...started);
    }
    expect(jobs).toHaveLength(60);
    for (const server of servers) expect(jobs.filter((j) => j.server === server)).toHaveLength(SERVER_LIMIT);

    // Limits hold across processes. user0's ten jobs are followed by three processes; a DM prompt reaches
    // the process of shard 0, which follows only some of them, and is refused by the fleet's count.
    await emu.sendDirectMessage({ user: users[0]!, content: "one too many for user0" });
    await emu.waitFor(
      () =>
        emu
          .messagesIn(emu.dmChannelWith(users[0]!))
          .find((m) => /already have 10 images being generated/.test(textOf(m))),
      { description: "the refusal of user0's eleventh job", timeoutMs: 20_000 },
    );
    // A server's jobs come through its shard's process: its twenty-first is refused there.
    const refusedServer = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "one too many for the server" },
      user: users[USERS]!,
      channelId: servers[2]!.channels[0]!.id,
    });
    await refusedServer.waitForResponse({
      where: (m) => /server already has 20 images/.test(textOf(m)),
      timeoutMs: 20_000,
    });
    expect(service.records()).toHaveLength(60);

    // Mid-flight: every job is half done and shows it.
    service.advance(3);
    await Promise.all(
      jobs.map((job) =>
        job.handle.waitForResponse({ where: (m) => /50%/.test(textOf(m)), timeoutMs: 20_000 }),
      ),
    );

    const victim = servers[1]!.bot;
    victim.kill("SIGKILL");
    expect((await victim.exited).signal).toBe("SIGKILL");
    const killedAt = Date.now();
    for (const job of jobs) service.completeNow(job.record.id);
    const deliveredAt = await Promise.all(
      jobs.map(async (job) => {
        await waitForResult(world, job.record.id, isGrid, { timeoutMs: 20_000 });
        return Date.now();
      }),
    );

    // The killed process's jobs were taken over and delivered within a lease time and a poll interval.
    const orphans = jobs.flatMap((job, i) => (job.server.bot === victim ? [deliveredAt[i]! - killedAt] : []));
    expect(orphans).toHaveLength(SERVER_LIMIT);
    expect(Math.max(...orphans)).toBeLessThanOrEqual(LEASE_MS + POLL_MS);
    const survivors = servers.map((s) => s.bot).filter((bot) => bot !== victim);
    const takenOver = survivors
      .flatMap((bot) => bot.logs)
      .filter((l) => l.msg === "claimed jobs from the store" && l["takeover"] === true)
      .reduce((sum, l) => sum + Number(l["jobs"]), 0);
    expect(takenOver).toBe(SERVER_LIMIT);

    for (const job of jobs) {
      const finals = finalMessagesOf(world, job, job.user);
      const results = resultsOf(world, job.record.id);
      expect(results).toHaveLength(1);
      expect(finals.map((m) => m.id)).toEqual([results[0]!.id]);
      expect(emu.messageHistory(finals[0]!.id).filter(isGrid)).toHaveLength(1);
      expect(service.createsByRef.get(job.handle.id)).toBe(1);
    }
    // No create was sent twice, by any process.
    expect(service.requests.filter((r) => r.request === "POST /items/images")).toHaveLength(60);
    const lines = [...bots.flatMap((b) => b.logs)].map((l) => l.raw);
    expect(linesWithSecrets(lines, [emu.botToken, service.token, databaseUrl])).toEqual([]);
    if (proxy) {
      // Every bot-token call Discord saw came through the proxy (those it held back, their bucket empty,
      // Discord never saw); the proxy counts a call when it arrives, so calls still on their way may be missing
      // at Discord. Interaction calls (responses, their edits) went straight to Discord.
      const counts = proxy.counts();
      const seen = emu.requests.slice(requestsBefore);
      const withBotToken = seen.filter((r) => !/^\/(interactions|webhooks)\//.test(r.path)).length;
      expect(withBotToken).toBeGreaterThan(0);
      expect(withBotToken).toBeLessThanOrEqual(counts.calls - counts.rateLimitedHere);
      expect(seen.length - withBotToken).toBeGreaterThan(counts.calls);
      // One set of buckets for the fleet: Discord answered none of its calls with a 429.
      expect(emu.rateLimitHits).toBe(0);
    }
  }

  test(
    "sixty jobs from three servers are each delivered once, also those of a process killed mid-flight",
    () => sixtyJobsOneKilled(false),
    120_000,
  );

  test(
    "the same through one Discord proxy: every bot-token call reaches Discord through it, and Discord answers no 429",
    () => sixtyJobsOneKilled(true),
    120_000,
  );

  test("a webhook arriving at another process reaches the process following the job, long before a poll", async () => {
    w = await startProcessWorld({ emulator: { allowUnregisteredCommands: true } });
    const world = w;
    const { emu, service } = world;
    const alice = emu.addUser({ username: "alice" });
    const servers = [addGuildOnShard(emu, 0, 2, [alice]), addGuildOnShard(emu, 1, 2, [alice])];
    const secret = "fleet-webhook-secret-0123456789";
    const port = await freePort();
    // Polls every minute: within this test only a webhook brings a poll forward.
    const env = {
      DATABASE_URL: await postgres.createDatabase(),
      DISCORD_SHARD_COUNT: "2",
      JOB_LEASE_MS: String(LEASE_MS),
      POLL_INTERVAL_MS: "60000",
      IMAGE_DELIVERY: "link",
      WEBHOOK_SECRET: secret,
    };
    const [receiver, follower] = await Promise.all([
      world.startBot({ ...env, DISCORD_SHARDS: "0", HTTP_PORT: String(port) }, 60_000),
      world.startBot({ ...env, DISCORD_SHARDS: "1" }, 60_000),
    ]);
    service.webhooks.urls.add(`http://127.0.0.1:${port}/webhooks/imagine/${secret}`);
    // Started in the server on shard 1: followed by the process that does not receive the webhooks.
    const job = await imagineIn(world, "a lighthouse in the fog", {
      user: alice,
      channel: servers[1]!.general,
    });
    service.completeNow(job.record.id);
    await waitForResult(world, job.record.id, isGrid, { timeoutMs: 20_000 });
    await follower.waitForLog((l) => l["jobId"] === job.record.id && l.msg === "job ended");
    expect(receiver.logs.some((l) => l["jobId"] === job.record.id && l.msg === "job ended")).toBe(false);
  }, 120_000);
});
