/**
 * The behaviour every JobStore must have, run against every implementation so they agree. The Postgres store
 * runs against a real server started by this file (a new database per test).
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Job, UpscaleSource } from "../../src/imagine/job.js";
import type { JobStore, RequesterJobsQuery } from "../../src/imagine/job-store.js";
import { FollowUpBudget } from "../../src/discord/follow-up-budget.js";
import { MemoryJobStore } from "../support/memory-job-store.js";
import { openPostgresJobStore } from "../../src/store/postgres-job-store.js";
import { openSqliteJobStore } from "../../src/store/sqlite-job-store.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { finishedJob, makeJob, tempDir } from "./store-fixtures.js";

const postgres = usePostgresServer();

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;

interface Opened {
  store: JobStore;
  /**
   * Runs `sql` on the store's database directly (`$1`, ... for `args`), as an older version of the bot
   * would have written; absent for the store in memory, which has no rows.
   */
  sql?: (sql: string, args: unknown[]) => Promise<void>;
  /** Another connection to the same database, as a second bot process has (the same store in memory). */
  second(): Promise<JobStore>;
  cleanup: () => void;
}
type Open = (now: () => number) => Promise<Opened>;

const implementations: [string, Open][] = [
  [
    "MemoryJobStore",
    async (now) => {
      const store = new MemoryJobStore({ now });
      return { store, second: async () => store, cleanup: () => {} };
    },
  ],
  [
    "SqliteJobStore",
    async (now) => {
      const temp = tempDir();
      const path = join(temp.dir, "jobs.db");
      const store = await openSqliteJobStore(path, { now });
      const sql = async (text: string, args: unknown[]) => {
        const db = new Database(path);
        try {
          db.prepare(text.replace(/\$\d+/g, "?")).run(...args);
        } finally {
          db.close();
        }
      };
      return { store, sql, second: () => openSqliteJobStore(path, { now }), cleanup: temp.cleanup };
    },
  ],
  [
    "PostgresJobStore",
    async (now) => {
      const url = await postgres.createDatabase();
      const store = await openPostgresJobStore(url, { now });
      const sql = async (text: string, args: unknown[]) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(text, args);
        } finally {
          await client.end();
        }
      };
      return { store, sql, second: () => openPostgresJobStore(url, { now }), cleanup: () => {} };
    },
  ],
];

const dmJob = makeJob({
  imageId: "dm-image",
  ref: "1300000000000000001",
  source: "dm",
  location: {
    applicationId: "1300000000000000002",
    interactionToken: null,
    interactionTokenExpiresAt: null,
    guildId: null,
    channelId: "1300000000000000003",
    messageId: null,
    channelEditable: false,
  },
  status: "failed",
  progress: null,
  outcome: "failed",
  finishedAt: 1_700_000_100_000,
  delivered: true,
  error: "Image generation failed: banned prompt",
});

const enhanceJob = makeJob({
  imageId: "enhance-image",
  ref: "1300000000000000009",
  kind: { name: "upscale", parentId: "c0ffee00-0000-4000-8000-000000000001", index: 3, factor: "12x" },
});

const byImageId = (jobs: Job[]) => jobs.map((j) => j.imageId).sort();

describe.each(implementations)("%s", (name, open) => {
  let store: JobStore;
  let sql: Opened["sql"];
  let second: () => Promise<JobStore>;
  let cleanup = () => {};
  let now = NOW;
  const others: JobStore[] = [];
  /** A second connection to the store's database, closed after the test. */
  const openSecond = async () => {
    const other = await second();
    if (other !== store) others.push(other);
    return other;
  };

  beforeEach(async (context) => {
    // Outside CI a machine without Postgres skips (and lists) these tests; in CI it fails.
    if (name === "PostgresJobStore" && !postgres.available) context.skip("Postgres is not installed");
    now = NOW;
    ({ store, sql, second, cleanup } = await open(() => now));
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "skip") return;
    for (const other of others.splice(0)) await other.close();
    await store.close();
    cleanup();
  });

  test.each([
    ["an interaction job with every field set", makeJob()],
    ["a DM job with null location fields and an error", dmJob],
    ["a timed-out job with zero progress", makeJob({ outcome: "timed-out", progress: 0, finishedAt: NOW })],
    [
      "a job cancelled by a moderator",
      makeJob({ outcome: "cancelled", cancelledBy: "1100000000000000009", finishedAt: NOW }),
    ],
    ["an Enhance job with the grid, image and factor it upscales", enhanceJob],
    ["a job whose messages are in Japanese", makeJob({ language: "ja" })],
    ["a job whose result goes to its requester's DMs", makeJob({ deliverByDm: true })],
    [
      "a Remix with a link to the message it was made from",
      makeJob({
        origin: { kind: "remix", jobId: "grid-1", link: "https://discord.com/channels/1/2/3" },
      }),
    ],
    [
      "a More like this whose message is unknown",
      makeJob({ origin: { kind: "more", jobId: "g", link: null } }),
    ],
    ["a job on a named ImagineAPI server of the pool", makeJob({ server: "Account B" })],
    ["a job given with a server's style", makeJob({ style: "Watercolour" })],
    ["a job sent after it waited in the bot's line", makeJob({ waitedInLine: true })],
    [
      "a job made again after its server lost its record (so a restarted bot never makes it again)",
      makeJob({ remadeFrom: { imageId: "first-record", server: "Account A", why: "lost" } }),
    ],
    [
      "a waiting job made again after an account notice on a server of unknown name",
      makeJob({
        imageId: "q-r9",
        phase: "waiting",
        remadeFrom: { imageId: "a1", server: null, why: "account" },
      }),
    ],
  ])("save then get returns %s unchanged", async (_what, job) => {
    await store.save(job);
    expect(await store.get(job.imageId)).toStrictEqual(job);
    expect(await store.findByRef(job.ref)).toStrictEqual(job);
  });

  test("remove takes one job out (a queued job's stand-in) and leaves the others", async () => {
    await store.save(makeJob({ imageId: "q-1", phase: "waiting", ref: "r1" }));
    await store.save(makeJob({ imageId: "real", ref: "r1" }));
    await store.remove("q-1");
    await store.remove("never-saved");
    expect(await store.get("q-1")).toBeUndefined();
    expect((await store.findByRef("r1"))?.imageId).toBe("real");
  });

  test("jobs saved before kinds had their detail column read back the same, an Enhance from its upscale columns", async (context) => {
    if (!sql) return context.skip("the store in memory has no rows from older versions");
    for (const job of [makeJob(), enhanceJob]) {
      await store.save(job);
      // What a row written before the `kind_detail` migration holds: no detail.
      await sql("UPDATE jobs SET kind_detail = NULL WHERE image_id = $1", [job.imageId]);
      expect(await store.get(job.imageId)).toStrictEqual(job);
    }
  });

  test("get and findByRef return undefined for jobs never saved", async () => {
    await store.save(makeJob());
    expect(await store.get("no-such-image")).toBeUndefined();
    expect(await store.findByRef("no-such-ref")).toBeUndefined();
  });

  test("saving a job with the same image id replaces it", async () => {
    await store.save(makeJob());
    const updated = makeJob({ status: "completed", progress: 100, outcome: "completed", finishedAt: NOW });
    updated.location.messageId = "1400000000000000001";
    await store.save(updated);
    expect(await store.get(updated.imageId)).toStrictEqual(updated);
    expect(await store.startedSince(0)).toHaveLength(1);
  });

  test("jobs read back are copies: changing them or the saved object does not change the store", async () => {
    const job = makeJob();
    await store.save(job);
    job.status = "changed after save";
    const read = await store.get(job.imageId);
    if (!read) throw new Error("job not found");
    read.location.channelEditable = false;
    expect(await store.get(job.imageId)).toStrictEqual(makeJob());
  });

  test("unfinished returns running jobs and finished undelivered ones, not delivered ones", async () => {
    await store.save(makeJob({ imageId: "running", ref: "r1" }));
    await store.save(finishedJob("finished-undelivered", NOW, false));
    await store.save(finishedJob("finished-delivered", NOW, true));
    await store.save({ ...dmJob, imageId: "failed-delivered" });
    await store.save(enhanceJob);
    expect(byImageId(await store.unfinished())).toEqual(["enhance-image", "finished-undelivered", "running"]);
    expect((await store.unfinished()).find((j) => j.imageId === "enhance-image")).toStrictEqual(enhanceJob);
  });

  test("startedSince returns jobs started at or after the time, newest first", async () => {
    for (const [imageId, startedAt] of [
      ["older", NOW - 2 * HOUR],
      ["at-boundary", NOW - HOUR],
      ["newest", NOW],
      ["middle", NOW - HOUR / 2],
    ] as const) {
      await store.save(makeJob({ imageId, ref: imageId, startedAt }));
    }
    const jobs = await store.startedSince(NOW - HOUR);
    expect(jobs.map((j) => j.imageId)).toEqual(["newest", "middle", "at-boundary"]);
  });

  test("jobsOfRequester returns one member's jobs newest first, in one server or everywhere, a page at a time", async () => {
    const alice = "18446744073709551615";
    const inGuild = (guildId: string | null) => ({ ...makeJob().location, guildId });
    for (const [imageId, requesterId, guildId, startedAt] of [
      ["oldest", alice, "1", NOW - 3 * HOUR],
      ["dm", alice, null, NOW - 2 * HOUR],
      ["same-time-first", alice, "1", NOW - HOUR],
      ["same-time-second", alice, "1", NOW - HOUR],
      ["other-guild", alice, "2", NOW - HOUR / 2],
      ["someone-else", "42", "1", NOW],
    ] as const) {
      await store.save(
        makeJob({ imageId, ref: imageId, requesterId, startedAt, location: inGuild(guildId) }),
      );
    }
    const ids = async (query: Partial<RequesterJobsQuery>) =>
      (await store.jobsOfRequester({ requesterId: alice, offset: 0, limit: 10, ...query })).map(
        (j) => j.imageId,
      );

    expect(await ids({})).toEqual(["other-guild", "same-time-second", "same-time-first", "dm", "oldest"]);
    expect(await ids({ guildId: "1" })).toEqual(["same-time-second", "same-time-first", "oldest"]);
    expect(await ids({ guildId: "1", offset: 1, limit: 1 })).toEqual(["same-time-first"]);
    expect(await ids({ offset: 4, limit: 3 })).toEqual(["oldest"]);
    expect(await ids({ offset: 5 })).toEqual([]);
    expect(await ids({ requesterId: "7" })).toEqual([]);
    expect(
      (await store.jobsOfRequester({ requesterId: alice, guildId: "2", offset: 0, limit: 1 }))[0],
    ).toStrictEqual(
      makeJob({
        imageId: "other-guild",
        ref: "other-guild",
        requesterId: alice,
        startedAt: NOW - HOUR / 2,
        location: inGuild("2"),
      }),
    );
  });

  test("a kept prompt reads back by its id until replaced; an unknown id reads as undefined", async () => {
    const kept = {
      ref: "1300000000000000009",
      requesterId: "18446744073709551615",
      prompt: "a fox 🦊 'q' --ar 3:2",
      keptAt: NOW,
    };
    await store.keepPrompt(kept);
    expect(await store.getKeptPrompt(kept.ref)).toStrictEqual(kept);
    expect(await store.getKeptPrompt("1300000000000000010")).toBeUndefined();
    await store.keepPrompt({ ...kept, prompt: "a wolf", keptAt: NOW + 1 });
    expect(await store.getKeptPrompt(kept.ref)).toStrictEqual({ ...kept, prompt: "a wolf", keptAt: NOW + 1 });
    // With the style it was given with, and without it again when replaced.
    await store.keepPrompt({ ...kept, style: "Watercolour" });
    expect(await store.getKeptPrompt(kept.ref)).toStrictEqual({ ...kept, style: "Watercolour" });
    await store.keepPrompt(kept);
    expect(await store.getKeptPrompt(kept.ref)).toStrictEqual(kept);
  });

  test("latestUpscale finds the newest Enhance of that image and factor, and no other", async () => {
    const source = { parentId: "c0ffee00-0000-4000-8000-000000000001", index: 3, factor: "12x" } as const;
    const enhance = (imageId: string, startedAt: number, upscale: UpscaleSource = source) =>
      makeJob({ imageId, ref: `ref-${imageId}`, startedAt, kind: { name: "upscale", ...upscale } });
    expect(await store.latestUpscale(source)).toBeUndefined();
    await store.save(enhance("first", NOW - HOUR));
    await store.save(enhance("again", NOW));
    await store.save(enhance("older-again", NOW - 2 * HOUR));
    await store.save(enhance("other-factor", NOW + 1, { ...source, factor: "2x" }));
    await store.save(enhance("other-image", NOW + 1, { ...source, index: 0 }));
    await store.save(makeJob({ imageId: source.parentId, startedAt: NOW + 2 }));
    expect(await store.latestUpscale(source)).toStrictEqual(enhance("again", NOW));
    expect((await store.latestUpscale({ ...source, index: 0 }))?.imageId).toBe("other-image");
    expect(await store.latestUpscale({ ...source, parentId: "another-grid" })).toBeUndefined();
  });

  test("prune removes kept prompts older than the cutoff, keeping recent ones", async () => {
    const day = 24 * HOUR;
    await store.keepPrompt({ ref: "old", requesterId: "1", prompt: "p", keptAt: NOW - 2 * day });
    await store.keepPrompt({ ref: "recent", requesterId: "1", prompt: "p", keptAt: NOW - HOUR });
    await store.prune(day);
    expect(await store.getKeptPrompt("old")).toBeUndefined();
    expect(await store.getKeptPrompt("recent")).toBeDefined();
  });

  describe("claims", () => {
    const HOLD = 10_000;

    test("a claim for good is taken by the first claim of its key only, also after its hold would have run out", async () => {
      expect(await store.claimOnce("private-note:a")).toBe(true);
      expect(await store.claimOnce("private-note:a")).toBe(false);
      now += 30 * 24 * HOUR;
      expect(await store.claimOnce("private-note:a", { holdMs: HOLD })).toBe(false);
      expect(await store.claimOnce("private-note:b")).toBe(true);
    });

    test("a held claim keeps the key until its hold runs out, then the next claim takes it", async () => {
      expect(await store.claimOnce("reroll:g", { holdMs: HOLD, holder: "click-1" })).toBe(true);
      now += HOLD - 1;
      expect(await store.claimOnce("reroll:g", { holdMs: HOLD, holder: "click-2" })).toBe(false);
      expect(await store.claimHolder("reroll:g")).toBe("click-1");
      now += 1;
      expect(await store.claimHolder("reroll:g")).toBeUndefined();
      expect(await store.claimOnce("reroll:g", { holdMs: HOLD, holder: "click-3" })).toBe(true);
      expect(await store.claimHolder("reroll:g")).toBe("click-3");
    });

    test("the holder of the first claim is kept and read back by every later one", async () => {
      expect(await store.claimOnce("post-nonce:job-1:result", { holder: "batch-a" })).toBe(true);
      expect(await store.claimOnce("post-nonce:job-1:result", { holder: "batch-b" })).toBe(false);
      expect(await store.claimHolder("post-nonce:job-1:result")).toBe("batch-a");
      expect(await store.claimHolder("post-nonce:job-2:result")).toBeUndefined();
    });

    test("a released claim is free at once; a release naming another holder leaves it held", async () => {
      expect(await store.claimOnce("upscale:g:1", { holdMs: HOLD, holder: "click-1" })).toBe(true);
      await store.releaseClaim("upscale:g:1", "click-2");
      expect(await store.claimOnce("upscale:g:1", { holdMs: HOLD, holder: "click-2" })).toBe(false);
      await store.releaseClaim("upscale:g:1", "click-1");
      expect(await store.claimOnce("upscale:g:1", { holdMs: HOLD, holder: "click-2" })).toBe(true);
      await store.releaseClaim("upscale:g:1");
      expect(await store.claimHolder("upscale:g:1")).toBeUndefined();
    });

    test("an interaction's follow-ups counted in the store: five in all across two processes (or a restart), one given back is free again, none once the token ended", async () => {
      const expiresAt = now + 15 * 60_000;
      const here = new FollowUpBudget(() => now, store);
      const there = new FollowUpBudget(() => now, await openSecond());
      const taken = [];
      for (const budget of [here, there, here, there, here])
        taken.push(await budget.take("token-1", expiresAt));
      expect(taken.every((t) => t !== null)).toBe(true);
      expect(await there.take("token-1", expiresAt)).toBeNull();
      expect(await here.take("token-2", expiresAt)).not.toBeNull();
      await here.giveBack(taken[2]!);
      expect(await there.take("token-1", expiresAt)).not.toBeNull();
      expect(await here.take("token-1", expiresAt)).toBeNull();
      now = expiresAt;
      expect(await here.take("token-1", expiresAt + 15 * 60_000)).not.toBeNull();
    });

    test("one key claimed from two connections at once is taken by one claim", async () => {
      const other = await openSecond();
      const clicks = ["a", "b", "c", "d", "e", "f"];
      const taken = await Promise.all(
        clicks.map((holder, i) => (i % 2 ? other : store).claimOnce("reroll:x", { holdMs: HOLD, holder })),
      );
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(await other.claimHolder("reroll:x")).toBe(clicks[taken.indexOf(true)]);
    });

    test("prune forgets claims for good older than the cutoff, keeping recent ones and held ones", async () => {
      const day = 24 * HOUR;
      now = NOW - 2 * day;
      await store.claimOnce("old");
      now = NOW - HOUR;
      await store.claimOnce("recent");
      now = NOW;
      await store.claimOnce("held", { holdMs: HOLD, holder: "y" });
      await store.prune(day);
      expect(await store.claimOnce("old")).toBe(true);
      expect(await store.claimOnce("recent")).toBe(false);
      expect(await store.claimHolder("held")).toBe("y");
    });
  });

  test("the last submission of a user is undefined until recorded, then the latest recorded time", async () => {
    expect(await store.getLastSubmission("18446744073709551615")).toBeUndefined();
    await store.recordSubmission("18446744073709551615", NOW - HOUR);
    await store.recordSubmission("18446744073709551614", NOW - 2 * HOUR);
    expect(await store.getLastSubmission("18446744073709551615")).toBe(NOW - HOUR);
    await store.recordSubmission("18446744073709551615", NOW);
    expect(await store.getLastSubmission("18446744073709551615")).toBe(NOW);
    expect(await store.getLastSubmission("18446744073709551614")).toBe(NOW - 2 * HOUR);
  });

  test("prune removes delivered jobs finished before the cutoff, older submissions and processes long gone, and counts the jobs", async () => {
    const day = 24 * HOUR;
    await store.save(finishedJob("old-delivered", NOW - 2 * day));
    await store.save(finishedJob("old-undelivered", NOW - 2 * day, false));
    await store.save(finishedJob("at-cutoff", NOW - day));
    await store.save(finishedJob("recent-delivered", NOW - HOUR));
    await store.save(makeJob({ imageId: "old-running", ref: "old-running", startedAt: NOW - 3 * day }));
    await store.recordSubmission("old-user", NOW - 2 * day);
    await store.recordSubmission("recent-user", NOW - HOUR);
    await store.heartbeat({
      id: "gone",
      startedAt: NOW - 3 * day,
      seenAt: NOW - 2 * day,
      shards: [],
      jobs: 0,
    });
    await store.heartbeat({ id: "alive", startedAt: NOW - 3 * day, seenAt: NOW, shards: [0], jobs: 1 });

    expect(await store.prune(day)).toBe(1);
    expect((await store.processes(0)).map((p) => p.id)).toEqual(["alive"]);

    expect(await store.get("old-delivered")).toBeUndefined();
    expect(byImageId(await store.startedSince(0))).toEqual([
      "at-cutoff",
      "old-running",
      "old-undelivered",
      "recent-delivered",
    ]);
    expect(await store.getLastSubmission("old-user")).toBeUndefined();
    expect(await store.getLastSubmission("recent-user")).toBe(NOW - HOUR);
    expect(await store.prune(day)).toBe(0);
  });

  test("a posted message is read back by job and action; the first record of a job and action is kept", async () => {
    const post = {
      jobId: "job-1",
      action: "result",
      guildId: "1300000000000000010",
      channelId: "1300000000000000011",
      messageId: "1300000000000000012",
      postedAt: NOW,
    };
    expect(await store.getPost("job-1", "result")).toBeUndefined();
    await store.savePost(post);
    await store.savePost({ ...post, messageId: "1300000000000000099", postedAt: NOW + 1 });
    await store.savePost({ ...post, action: "upscale:2", guildId: null, messageId: "1300000000000000013" });

    expect(await store.getPost("job-1", "result")).toEqual(post);
    expect(await store.getPost("job-1", "upscale:2")).toEqual({
      ...post,
      action: "upscale:2",
      guildId: null,
      messageId: "1300000000000000013",
    });
    expect(await store.getPost("job-1", "upscale:1")).toBeUndefined();
    expect(await store.getPost("job-2", "result")).toBeUndefined();
  });

  test("prune removes posts older than the cutoff, except those of jobs not yet delivered", async () => {
    const day = 24 * HOUR;
    const post = (jobId: string, postedAt: number) => ({
      jobId,
      action: "result",
      guildId: null,
      channelId: "1300000000000000011",
      messageId: "1300000000000000012",
      postedAt,
    });
    await store.save(finishedJob("old-undelivered", NOW - 2 * day, false));
    await store.savePost(post("old-delivered", NOW - 2 * day));
    await store.savePost(post("old-undelivered", NOW - 2 * day));
    await store.savePost(post("recent", NOW - HOUR));

    await store.prune(day);

    expect(await store.getPost("old-delivered", "result")).toBeUndefined();
    expect(await store.getPost("old-undelivered", "result")).toEqual(post("old-undelivered", NOW - 2 * day));
    expect(await store.getPost("recent", "result")).toEqual(post("recent", NOW - HOUR));
  });

  describe("leases", () => {
    const LEASE = 30_000;
    const leaseOf = (owner: string) => ({ owner, expiresAt: now + LEASE });
    const running = (n: number) => makeJob({ imageId: `job-${n}`, ref: `ref-${n}`, startedAt: NOW + n });

    test("a claim takes pending jobs nobody holds, in save order, up to the cap, and never delivered ones", async () => {
      await store.save(finishedJob("delivered", NOW, true));
      await store.save(finishedJob("undelivered", NOW - 1, false));
      for (const n of [3, 1, 2]) await store.save(running(n));
      const first = await store.claim(leaseOf("a"), 2);
      expect(first.map((j) => j.imageId)).toEqual(["undelivered", "job-3"]);
      expect(first[1]).toStrictEqual(running(3));
      expect(byImageId(await store.claim(leaseOf("b"), 10))).toEqual(["job-1", "job-2"]);
      expect(await store.claim(leaseOf("c"), 10)).toEqual([]);
    });

    test("a saved job is held by its saver: other owners can neither claim it nor save over it", async () => {
      expect(await store.saveOwned(running(1), leaseOf("a"))).toBe(true);
      expect(await store.claim(leaseOf("b"), 10)).toEqual([]);
      const changed = { ...running(1), status: "completed" };
      expect(await store.saveOwned(changed, leaseOf("b"))).toBe(false);
      expect(await store.get("job-1")).toStrictEqual(running(1));
      expect(await store.saveOwned(changed, leaseOf("a"))).toBe(true);
      expect(await store.get("job-1")).toStrictEqual(changed);
    });

    test("renewing keeps jobs past the first expiry; an owner that stops renewing loses them to a claim", async () => {
      await store.saveOwned(running(1), leaseOf("a"));
      await store.saveOwned(running(2), leaseOf("b"));
      now += LEASE - 1;
      expect(await store.renew(leaseOf("a"))).toEqual(["job-1"]);
      now += 2;
      // b's lease ran out at NOW + LEASE; a's was renewed until NOW + 2 * LEASE - 1.
      expect(byImageId(await store.claim(leaseOf("c"), 10))).toEqual(["job-2"]);
      expect(await store.renew(leaseOf("b"))).toEqual([]);
      expect(await store.saveOwned(running(2), leaseOf("b"))).toBe(false);
      now += LEASE;
      // A lease that ran out stays its owner's until someone claims it: renewing keeps it.
      expect(await store.renew(leaseOf("c"))).toEqual(["job-2"]);
      expect(byImageId(await store.claim(leaseOf("d"), 10))).toEqual(["job-1"]);
    });

    test("a delivered job is no longer renewed or claimed", async () => {
      await store.saveOwned(running(1), leaseOf("a"));
      await store.saveOwned({ ...finishedJob("job-1", NOW, true), ref: "ref-1" }, leaseOf("a"));
      expect(await store.renew(leaseOf("a"))).toEqual([]);
      now += 2 * LEASE;
      expect(await store.claim(leaseOf("b"), 10)).toEqual([]);
    });

    test("released jobs can be claimed at once; releasing everyone's frees every lease", async () => {
      await store.saveOwned(running(1), leaseOf("a"));
      await store.saveOwned(running(2), leaseOf("b"));
      expect(await store.release("a")).toBe(1);
      expect(byImageId(await store.claim(leaseOf("c"), 10))).toEqual(["job-1"]);
      expect(await store.release(null)).toBe(2);
      expect(byImageId(await store.claim(leaseOf("d"), 10))).toEqual(["job-1", "job-2"]);
    });

    test("claims racing from two connections never give one job to two owners", async () => {
      for (let n = 1; n <= 40; n++) await store.save(running(n));
      const other = await openSecond();
      const claims = await Promise.all(
        ["a", "b", "c", "d"].map((owner, i) => (i % 2 ? other : store).claim(leaseOf(owner), 15)),
      );
      const ids = claims.flat().map((j) => j.imageId);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
      // Every job is held by the owner whose claim returned it: no other owner may save it.
      for (const [i, owner] of ["a", "b", "c", "d"].entries()) {
        for (const job of claims[i]!) {
          const intruder = owner === "a" ? "b" : "a";
          expect(await store.saveOwned(job, leaseOf(intruder))).toBe(false);
        }
      }
    });

    test("a named lease is held by one process until it runs out or its holder leaves the fleet", async () => {
      expect(await store.acquireNamedLease("housekeeping", leaseOf("a"))).toBe(true);
      expect(await store.acquireNamedLease("housekeeping", leaseOf("b"))).toBe(false);
      expect(await store.acquireNamedLease("housekeeping", leaseOf("a"))).toBe(true);
      now += LEASE;
      expect(await store.acquireNamedLease("housekeeping", leaseOf("b"))).toBe(true);
      expect(await store.acquireNamedLease("housekeeping", leaseOf("a"))).toBe(false);
      await store.leaveFleet("b");
      expect(await store.acquireNamedLease("housekeeping", leaseOf("a"))).toBe(true);
    });

    test("a named lease given up by its holder is free at once; another owner cannot give it up", async () => {
      expect(await store.acquireNamedLease("task:x", leaseOf("a"))).toBe(true);
      await store.releaseNamedLease("task:x", "b");
      expect(await store.acquireNamedLease("task:x", leaseOf("b"))).toBe(false);
      await store.releaseNamedLease("task:x", "a");
      expect(await store.acquireNamedLease("task:x", leaseOf("b"))).toBe(true);
    });

    test("a named lease taken from two connections at once goes to one owner", async () => {
      const other = await openSecond();
      const owners = ["a", "b", "c", "d"];
      const taken = await Promise.all(
        owners.map((owner, i) => (i % 2 ? other : store).acquireNamedLease("task:y", leaseOf(owner))),
      );
      expect(taken.filter(Boolean)).toHaveLength(1);
    });

    test("the fleet lists processes seen since a time, with their shards and jobs, until they leave", async () => {
      const a = { id: "a", startedAt: NOW, seenAt: NOW, shards: [0, 1], jobs: 3 };
      const b = { id: "b", startedAt: NOW + 1, seenAt: NOW + 1, shards: [], jobs: 0 };
      await store.heartbeat(a);
      await store.heartbeat(b);
      await store.heartbeat({ ...a, seenAt: NOW + 5, jobs: 4 });
      expect(await store.processes(NOW)).toStrictEqual([{ ...a, seenAt: NOW + 5, jobs: 4 }, b]);
      expect((await store.processes(NOW + 2)).map((p) => p.id)).toEqual(["a"]);
      await store.leaveFleet("a");
      expect((await store.processes(0)).map((p) => p.id)).toEqual(["b"]);
    });
  });

  test("close can be called twice", async () => {
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  });
});
