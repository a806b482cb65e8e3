import { describe, expect, test } from "vitest";
import type { ServiceHealth, ServiceHealthMonitor } from "../../src/admission/service-health.js";
import { silentLogger } from "../../src/logger.js";
import { FIRST_BACKOFF_MS, ImageServer } from "../../src/pool/image-server.js";
import { NoFreeSlotError, ServerPool } from "../../src/pool/server-pool.js";
import { IMAGINE } from "../../src/imagine/job-kind.js";
import { placementOf } from "../../src/imagine/job-placement.js";
import type { ServerSlotHold } from "../../src/fleet/fleet-channels.js";
import type { ServerWatch } from "../../src/pool/server-watch.js";
import type { ImagineClient } from "../../src/service/client.js";
import { ServiceError } from "../../src/service/errors.js";
import { newImageRecord } from "../../src/service/record-factory.js";
import type { ServiceProfile } from "../../src/service/service-profile.js";
import { readPrompt } from "../../src/prompt/prompt.js";

const HEALTHY: ServiceHealth = {
  botStatus: "healthy",
  message: null,
  latencyMs: 1,
  lastError: null,
  lastErrorAt: null,
  checkedAt: 0,
};

/** A server whose creates answer with `create` (default: a new record) and whose status is `status`. */
function server(
  number: number,
  options: {
    slots?: number;
    status?: string | null;
    create?: () => Promise<unknown>;
    speeds?: readonly string[];
    heldBack?: boolean;
  } = {},
) {
  const creates: string[] = [];
  const health = {
    last: { ...HEALTHY, botStatus: options.status === undefined ? "healthy" : options.status },
    current: async () => health.last,
  };
  const profile = {
    speeds: options.speeds ?? ["fast", "turbo", "relax"],
    createImage: async (prompt: string) => {
      creates.push(prompt);
      if (options.create) await options.create();
      return newImageRecord({ id: `img-${number}-${creates.length}` });
    },
    upscale: async (parentId: string) => {
      creates.push(`upscale of ${parentId}`);
      return newImageRecord({ id: `img-${number}-${creates.length}`, parent_id: parentId });
    },
  };
  const s = new ImageServer({
    number,
    name: `s${number}`,
    slots: options.slots ?? 3,
    client: {} as ImagineClient,
    profile: profile as unknown as ServiceProfile,
    health: health as unknown as ServiceHealthMonitor,
    ...(options.heldBack ? { watch: { holdsBack: () => true } as unknown as ServerWatch } : {}),
  });
  return Object.assign(s, { creates });
}

function poolOf(
  servers: ReturnType<typeof server>[],
  now = () => 1_000,
  options: { bounded?: boolean; stored?: Record<string, string> } = {},
) {
  return new ServerPool(servers, {
    now,
    logger: silentLogger,
    storedServer: async (imageId) => options.stored?.[imageId],
    ...(options.bounded ? { bounded: true } : {}),
  });
}

describe("ServerPool", () => {
  test("a new job goes to the least loaded server with a free slot; on a tie, the lower number", async () => {
    const [a, b] = [server(1, { slots: 3 }), server(2, { slots: 1 })];
    const pool = poolOf([a, b]);
    expect(pool.choose()?.name).toBe("s1");
    await pool.createImage(readPrompt("one"), "r1");
    // s1 is 1/3 busy, s2 0/1: s2 is less loaded.
    expect(pool.choose()?.name).toBe("s2");
    await pool.createImage(readPrompt("two"), "r2");
    // s2 is full: s1 has free slots.
    expect(pool.choose()?.name).toBe("s1");
    expect(pool.hasFreeSlot()).toBe(true);
  });

  test.each([["unhealthy"], ["paused"], [null]])("a server whose status is %s gets no new job", (status) => {
    const pool = poolOf([server(1, { status }), server(2)]);
    expect(pool.choose()?.name).toBe("s2");
  });

  test("a placement keeps a job off servers that cannot run it (an Enhance: its grid's server)", () => {
    const pool = poolOf([server(1), server(2), server(3)]);
    const on = (name: string) => ({ on: "grid-server", server: name, inTurn: false }) as const;
    expect(pool.choose({ placement: on("s3") })?.name).toBe("s3");
    expect(pool.choose({ placement: on("s9") })).toBeNull();
    expect(pool.hasFreeSlot(on("s9"))).toBe(false);
  });

  test("a prompt asking for a speed goes only to a server that runs it; the pool offers what some server runs", () => {
    const selfHosted = server(1, { speeds: ["fast", "turbo"] });
    const pool = poolOf([selfHosted, server(2)]);
    const placed = (prompt: string) => placementOf({ kind: IMAGINE, prompt: readPrompt(prompt) });
    expect(pool.choose({ placement: placed("a cat --relax") })?.name).toBe("s2");
    expect(pool.choose({ placement: placed("a cat --fast") })?.name).toBe("s1");
    expect(placed("a cat").on).toBe("any");
    expect(pool.speeds).toEqual(["fast", "turbo", "relax"]);
    expect(
      poolOf([server(1, { speeds: ["fast"] }), server(2, { speeds: ["fast", "turbo"] })]).speeds,
    ).toEqual(["fast", "turbo"]);
  });

  test("a server named out of date gets no new job while another takes jobs, and all of them when none does", () => {
    const pool = poolOf([server(1, { heldBack: true }), server(2, { slots: 1 })]);
    expect(pool.choose()?.name).toBe("s2");
    pool.servers[1]!.creating = 1;
    // s2 is full but takes jobs: the job waits for it rather than going to s1.
    expect(pool.hasFreeSlot()).toBe(false);
    expect(poolOf([server(1, { heldBack: true }), server(2, { status: "paused" })]).choose()?.name).toBe(
      "s1",
    );
  });

  test("a refused connection sends the create to another server once; the failing one rests for a back-off", async () => {
    let now = 1_000;
    const refused = () =>
      Promise.reject(new ServiceError("network", "connection refused", { connectFailed: true }));
    const [a, b] = [server(1, { create: refused }), server(2)];
    const pool = poolOf([a, b], () => now);
    const record = await pool.createImage(readPrompt("one"), "r1");
    expect(record.id).toBe("img-2-1");
    expect([a.creates, b.creates]).toEqual([["one"], ["one"]]);
    expect(pool.choose()?.name).toBe("s2");
    now += FIRST_BACKOFF_MS;
    expect(a.takesJobs(now)).toBe(true);
  });

  test("no server is up while every one is unreachable, unhealthy or resting after refused creates; a full one is up", async () => {
    let now = 1_000;
    const refused = () =>
      Promise.reject(new ServiceError("network", "connection refused", { connectFailed: true }));
    const [a, b, c] = [server(1, { create: refused }), server(2, { status: null }), server(3, { slots: 1 })];
    const pool = poolOf([a, b, c], () => now);
    await pool.createImage(readPrompt("one"), "r1");
    // c is full, but it takes jobs: jobs wait for a slot, not for a server to be back.
    expect(pool.hasFreeSlot()).toBe(false);
    expect(pool.someServerUp()).toBe(true);
    Object.assign(c.health.last, { botStatus: "unhealthy" });
    expect(pool.someServerUp()).toBe(false);
    now += FIRST_BACKOFF_MS;
    expect(pool.someServerUp()).toBe(true);
  });

  test("a create that may have made a record (a 500, no answer) is not sent anywhere else", async () => {
    const failing = () =>
      Promise.reject(new ServiceError("server", "500 Internal Server Error", { status: 500 }));
    const [a, b] = [server(1, { create: failing }), server(2)];
    const pool = poolOf([a, b]);
    await expect(pool.createImage(readPrompt("one"), "r1")).rejects.toThrow(/500/);
    expect(b.creates).toEqual([]);
    expect(a.backingOff(1_000)).toBe(true);
    a.recovered();
    expect(a.backingOff(1_000)).toBe(false);
  });

  test("with every server paused the pool reports paused; with one healthy, healthy", async () => {
    expect((await poolOf([server(1, { status: "paused" })]).health.current()).botStatus).toBe("paused");
    const mixed = poolOf([server(1, { status: "paused" }), server(2, { status: "unhealthy" }), server(3)]);
    expect((await mixed.health.current()).botStatus).toBe("healthy");
  });

  test("in a fleet, a server whose slots the fleet fills is passed over; with none free nothing is sent", async () => {
    const [a, b] = [server(1, { slots: 1 }), server(2, { slots: 1 })];
    const full = new Set(["s1"]);
    const holds: ServerSlotHold[] = [];
    const released: string[] = [];
    const ledger = {
      take: async (hold: ServerSlotHold) => {
        holds.push(hold);
        return !full.has(hold.server);
      },
      release: async (ref: string) => void released.push(ref),
    };
    const pool = new ServerPool([a, b], {
      now: () => 1_000,
      logger: silentLogger,
      storedServer: async () => undefined,
      fleet: { ledger, owner: "p1", holdMs: 60_000 },
    });
    await pool.createImage(readPrompt("one"), "r1");
    expect([a.creates, b.creates]).toEqual([[], ["one"]]);
    expect(holds.map((h) => [h.ref, h.server, h.expiresAt])).toEqual([
      ["r1", "s1", 61_000],
      ["r1", "s2", 61_000],
    ]);
    full.add("s2");
    b.running.clear();
    await expect(pool.createImage(readPrompt("two"), "r2")).rejects.toBeInstanceOf(NoFreeSlotError);
    expect([a.creates, b.creates]).toEqual([[], ["one"]]);
    expect(released).toEqual([]);
  });

  test("the server holding a grid no longer followed is the one recorded with its job; unknown: server 1", async () => {
    const pool = poolOf([server(1), server(2)], undefined, { stored: { "grid-b": "s2", "grid-gone": "s9" } });
    expect(await pool.holderOf("grid-b")).toBe("s2");
    // A job recorded before the pool, or on a server since removed, is read from server 1.
    expect(await pool.holderOf("grid-old")).toBe("s1");
    expect(await pool.holderOf("grid-gone")).toBe("s1");
  });

  test.each([
    ["jobs beyond its slots wait in the bot's line", true, [[], []]],
    ["one server takes every job at once (no IMAGINE_API_SLOTS)", false, [["upscale of grid-a"], []]],
  ])("an upscale of a grid on a full server, when %s", async (_, bounded, creates) => {
    const [a, b] = [server(1, { slots: 1 }), server(2, { slots: 1 })];
    a.running.add("img-running");
    const pool = poolOf([a, b], undefined, { bounded, stored: { "grid-a": "s1" } });
    const upscale = pool.upscale("grid-a", 0, "2x", "r1");
    if (bounded) await expect(upscale).rejects.toBeInstanceOf(NoFreeSlotError);
    else await upscale;
    // Never sent to the free server: only the grid's server holds the grid.
    expect([a.creates, b.creates]).toEqual(creates);
  });

  test("with the bot's line, a create finding every slot taken since the server was chosen is not sent", async () => {
    const a = server(1, { slots: 1 });
    const pool = poolOf([a], undefined, { bounded: true });
    a.running.add("img-running");
    await expect(pool.createImage(readPrompt("a fox"), "r1")).rejects.toBeInstanceOf(NoFreeSlotError);
    expect(a.creates).toEqual([]);
  });
});
