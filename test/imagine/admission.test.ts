import { describe, expect, test } from "vitest";
import {
  Admission,
  RefusedError,
  type AdmissionRequest,
  type AdmittedJobRef,
} from "../../src/imagine/admission.js";
import { ServiceHealthMonitor } from "../../src/imagine/service-health.js";
import { BannedWords } from "../../src/moderation/banned-words.js";
import type { UsageLimits } from "../../src/moderation/usage-limits.js";
import type { ServiceStatus } from "../../src/service/schema.js";

const NOW = 1_714_557_600_000;
const GUILD = "900000000000000001";

/** An admission with in-memory jobs, submission times and service status that a test can change. */
function setup(options: { limits?: Partial<UsageLimits>; banned?: string[] } = {}) {
  const state = {
    now: NOW,
    active: [] as AdmittedJobRef[],
    stored: new Map<string, number>(),
    status: { bot_status: "healthy", message: "Bot is healthy" } as ServiceStatus,
    statusChecks: 0,
  };
  const health = new ServiceHealthMonitor({
    getServiceStatus: async () => {
      state.statusChecks++;
      return state.status;
    },
    now: () => state.now,
    cacheMs: 0,
  });
  const admission = new Admission({
    limits: { userMaxActive: 2, userCooldownMs: 0, guildMaxActive: 10, ...options.limits },
    bannedWords: new BannedWords(options.banned ?? []),
    health,
    activeJobs: () => state.active,
    lastSubmission: async (userId) => state.stored.get(userId),
    recordSubmission: async (userId, at) => void state.stored.set(userId, at),
    now: () => state.now,
  });
  return { state, admission };
}

let refs = 0;
function request(overrides: Partial<AdmissionRequest> = {}): AdmissionRequest {
  refs++;
  return {
    userId: "alice",
    guildId: GUILD,
    isModerator: false,
    prompt: "a fox",
    ref: `ref-${refs}`,
    ...overrides,
  };
}

async function refusalOf(promise: Promise<unknown>): Promise<RefusedError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(error instanceof RefusedError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("Admission", () => {
  test("admits a prompt within every limit", async () => {
    const { admission } = setup();
    await expect(admission.admit(request())).resolves.toBeDefined();
  });

  test("refuses a banned word before asking the service anything, without repeating it", async () => {
    const { state, admission } = setup({ banned: ["gore"] });
    const refusal = await refusalOf(admission.admit(request({ prompt: "some GORE here" })));
    expect(refusal.reason).toBe("banned-words");
    expect(refusal.message).not.toMatch(/gore/i);
    expect(state.statusChecks).toBe(0);
  });

  test.each([
    ["unhealthy", "maintenance", /\*\*unhealthy\*\* \(maintenance\)/],
    ["paused", null, /\*\*paused\*\*/],
    ["starting", "warming up", /\*\*starting\*\* \(warming up\)/],
  ])("refuses while the service reports itself %s", async (status, message, pattern) => {
    const { state, admission } = setup();
    state.status = { bot_status: status, message } as ServiceStatus;
    const refusal = await refusalOf(admission.admit(request()));
    expect(refusal.reason).toBe("service-unhealthy");
    expect(refusal.message).toMatch(pattern);
  });

  test("admits when the service's health cannot be read: the create request will tell", async () => {
    const failing = new Admission({
      limits: { userMaxActive: 2, userCooldownMs: 0, guildMaxActive: 10 },
      bannedWords: new BannedWords([]),
      health: new ServiceHealthMonitor({
        getServiceStatus: () => Promise.reject(new Error("connection refused")),
      }),
      activeJobs: () => [],
      lastSubmission: async () => undefined,
      recordSubmission: async () => {},
    });
    await expect(failing.admit(request())).resolves.toBeDefined();
  });

  test("a held place counts as a job in flight until it is released", async () => {
    const { admission } = setup({ limits: { userMaxActive: 1 } });
    const ticket = await admission.admit(request());
    expect((await refusalOf(admission.admit(request()))).reason).toBe("user-active");
    ticket.release();
    await expect(admission.admit(request())).resolves.toBeDefined();
  });

  test("admissions at the same moment cannot all pass the per-user limit", async () => {
    const { admission } = setup({ limits: { userMaxActive: 2 } });
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => admission.admit(request())));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "rejected"]);
  });

  test("admissions at the same moment cannot all pass the server limit", async () => {
    const { admission } = setup({ limits: { guildMaxActive: 1 } });
    const users = ["alice", "bob", "carol"];
    const results = await Promise.allSettled(users.map((userId) => admission.admit(request({ userId }))));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
  });

  test("a job that is in flight and still holds its place is counted once", async () => {
    const { state, admission } = setup({ limits: { userMaxActive: 2 } });
    const first = request();
    await admission.admit(first);
    state.active.push({ requesterId: "alice", guildId: GUILD, ref: first.ref });
    await expect(admission.admit(request())).resolves.toBeDefined();
  });

  test("submitted() starts the cooldown and saves it; release() alone does not", async () => {
    const { state, admission } = setup({ limits: { userCooldownMs: 60_000 } });
    const abandoned = await admission.admit(request());
    abandoned.release();
    const ticket = await admission.admit(request());
    state.now += 5_000;
    await ticket.submitted();
    expect(state.stored.get("alice")).toBe(NOW + 5_000);
    state.now += 30_000;
    const refusal = await refusalOf(admission.admit(request()));
    expect(refusal.reason).toBe("cooldown");
    expect(refusal.message).toContain(`<t:${(NOW + 65_000) / 1000}:R>`);
    state.now = NOW + 65_000;
    await expect(admission.admit(request())).resolves.toBeDefined();
  });

  test("a held place starts the cooldown for submissions arriving meanwhile", async () => {
    const { admission } = setup({ limits: { userCooldownMs: 60_000 } });
    const results = await Promise.allSettled([admission.admit(request()), admission.admit(request())]);
    expect(results[0]?.status).toBe("fulfilled");
    expect(results[1]).toMatchObject({ status: "rejected", reason: { reason: "cooldown" } });
  });

  test("the cooldown holds even when the store has not caught up with a submission", async () => {
    const { state, admission } = setup({ limits: { userCooldownMs: 60_000 } });
    const ticket = await admission.admit(request());
    await ticket.submitted();
    state.stored.clear();
    expect((await refusalOf(admission.admit(request()))).reason).toBe("cooldown");
  });

  test("the cooldown saved by an earlier run of the bot applies", async () => {
    const { state, admission } = setup({ limits: { userCooldownMs: 60_000 } });
    state.stored.set("alice", NOW - 10_000);
    expect((await refusalOf(admission.admit(request()))).reason).toBe("cooldown");
    await expect(admission.admit(request({ userId: "bob" }))).resolves.toBeDefined();
  });

  test("moderators skip the per-user limits, not the server limit", async () => {
    const { state, admission } = setup({
      limits: { userMaxActive: 1, userCooldownMs: 60_000, guildMaxActive: 3 },
    });
    state.stored.set("mod", NOW);
    for (let i = 0; i < 3; i++) await admission.admit(request({ userId: "mod", isModerator: true }));
    const refusal = await refusalOf(admission.admit(request({ userId: "mod", isModerator: true })));
    expect(refusal.reason).toBe("guild-active");
  });

  test("release() twice or after submitted() changes nothing", async () => {
    const { admission } = setup({ limits: { userMaxActive: 1 } });
    const ticket = await admission.admit(request());
    await ticket.submitted();
    ticket.release();
    ticket.release();
    await expect(admission.admit(request())).resolves.toBeDefined();
  });
});
