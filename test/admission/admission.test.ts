import { describe, expect, test } from "vitest";
import { Admission, RefusedError, type AdmittedJobRef } from "../../src/admission/admission.js";
import type { BannedWordsList } from "../../src/admission/admission-refusal.js";
import { ServiceHealthMonitor } from "../../src/admission/service-health.js";
import { IMAGINE } from "../../src/imagine/job-kind.js";
import type { JobRequest, Requester } from "../../src/imagine/job-request.js";
import { BannedWords } from "../../src/moderation/banned-words.js";
import type { Speed } from "../../src/prompt/speed.js";
import type { OwnerDefaults } from "../../src/settings/effective-settings.js";
import type { GuildSettings } from "../../src/settings/settings.js";
import type { ServiceStatus } from "../../src/service/schema.js";
import { readPrompt } from "../../src/prompt/prompt.js";

const NOW = 1_714_557_600_000;
const GUILD = "900000000000000001";
const OWNER: OwnerDefaults = {
  userMaxActive: 2,
  userCooldownMs: 0,
  userDailyImages: null,
  guildMaxActive: 10,
  enhanceAvailable: false,
  auditChannelId: null,
  ageRestrictedOnly: false,
};

/** An admission with in-memory jobs, submission times and service status that a test can change. */
function setup(
  options: {
    limits?: Partial<OwnerDefaults>;
    banned?: string[];
    midjourney?: string[];
    speeds?: readonly Speed[];
    settings?: GuildSettings;
  } = {},
) {
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
    owner: { ...OWNER, ...options.limits },
    ...(options.settings ? { guildSettings: async () => options.settings ?? {} } : {}),
    bannedWords: new BannedWords(options.banned ?? []),
    ...(options.speeds ? { serviceSpeeds: () => options.speeds ?? [] } : {}),
    ...(options.midjourney ? { midjourneyWords: new BannedWords(options.midjourney) } : {}),
    health,
    activeJobs: () => state.active,
    lastSubmission: async (userId) => state.stored.get(userId),
    recordSubmission: async (userId, at) => void state.stored.set(userId, at),
    now: () => state.now,
  });
  return { state, admission };
}

let refs = 0;
/** A request of alice's for "a fox" in the server, with `overrides` of its requester, prompt or place. */
function request(overrides: Partial<Requester & Pick<JobRequest, "prompt" | "place">> = {}): JobRequest {
  refs++;
  const { prompt = readPrompt("a fox"), place = null, ...requester } = overrides;
  return {
    requester: { userId: "alice", guildId: GUILD, isModerator: false, ...requester },
    ref: `ref-${refs}`,
    place,
    prompt,
    kind: IMAGINE,
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

  test("refuses a banned word before asking the service anything, naming the word as listed", async () => {
    const { state, admission } = setup({ banned: ["gore"] });
    const refusal = await refusalOf(admission.admit(request({ prompt: readPrompt("some GORE here") })));
    expect(refusal.reason).toBe("banned-words");
    expect(refusal.message).toContain("`gore` is on the bot owner's list");
    expect(state.statusChecks).toBe(0);
  });

  test.each<[string, Parameters<typeof setup>[0], string | null, { list: BannedWordsList; inDm: boolean }]>([
    ["the owner's list, in a server", { banned: ["gore"] }, GUILD, { list: "owner", inDm: false }],
    ["the owner's list, in a DM", { banned: ["gore"] }, null, { list: "owner", inDm: true }],
    ["a server's list", { settings: { bannedWords: ["gore"] } }, GUILD, { list: "server", inDm: false }],
    [
      "Midjourney's starter list, in a DM",
      { midjourney: ["gore"] },
      null,
      { list: "midjourney", inDm: true },
    ],
  ])(
    "a word of %s is refused, saying which word, which list and where",
    async (_name, lists, guildId, said) => {
      const { state, admission } = setup(lists);
      const refusal = await refusalOf(
        admission.admit(request({ prompt: readPrompt("a field of gore"), guildId })),
      );
      expect(refusal.refusal).toEqual({ code: "banned-words", matched: "gore", ...said });
      expect(state.statusChecks).toBe(0);
    },
  );

  test.each([
    ["--relax", ["fast", "turbo"], true],
    ["--fast --relax", ["fast", "turbo"], true],
    ["--relax --fast", ["fast", "turbo"], false],
    ["--relax", ["fast", "turbo", "relax"], false],
    ["--turbo", ["fast", "turbo"], false],
  ] as const)("a prompt ending %j on a server running %j is refused: %s", async (speed, runs, refused) => {
    const { admission } = setup({ speeds: runs });
    const outcome = admission.admit(request({ prompt: readPrompt(`a fox ${speed}`) }));
    if (!refused) return expect(outcome).resolves.toBeDefined();
    expect((await refusalOf(outcome)).refusal).toEqual({
      code: "speed-unavailable",
      speed: "relax",
      why: "server",
      available: ["fast", "turbo"],
    });
  });

  test("the owner's and the server's lists are checked before Midjourney's starter list", async () => {
    const { admission } = setup({ banned: ["kraken"], midjourney: ["kraken", "gore"] });
    expect(
      (await refusalOf(admission.admit(request({ prompt: readPrompt("a kraken") })))).refusal,
    ).toMatchObject({
      list: "owner",
    });
    expect((await refusalOf(admission.admit(request({ prompt: readPrompt("gore") })))).refusal).toMatchObject(
      {
        list: "midjourney",
      },
    );
  });

  test.each([
    ["paused", null, /\*\*paused\*\*/],
    ["paused", "account on hold", /\*\*paused\*\* \(account on hold\)/],
  ])("refuses while the service reports itself %s (%s)", async (status, message, pattern) => {
    const { state, admission } = setup();
    state.status = { bot_status: status, message } as ServiceStatus;
    const refusal = await refusalOf(admission.admit(request()));
    expect(refusal.reason).toBe("service-unhealthy");
    expect(refusal.message).toMatch(pattern);
  });

  // The service queues images in these states (service-facts.md, "Two kinds of server").
  test.each(["starting", "not started", "unhealthy"])(
    "admits while the service reports itself %s: the job waits in the service's queue",
    async (status) => {
      const { state, admission } = setup();
      state.status = { bot_status: status, message: null } as ServiceStatus;
      await expect(admission.admit(request())).resolves.toBeDefined();
    },
  );

  test("admits when the service's health cannot be read: the create request will tell", async () => {
    const failing = new Admission({
      owner: OWNER,
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

describe("Admission with a server's settings", () => {
  const ROLE = "900000000000000010";
  const CHANNEL = "900000000000000020";
  const place = (channelId: string, ageRestricted = false) => ({ channelId, parentId: null, ageRestricted });

  test("the server's per-member limit replaces the owner's, and a member's role lifts it", async () => {
    const { admission } = setup({
      settings: { userMaxActive: 1, roleLimits: { [ROLE]: { userMaxActive: 3 } } },
    });
    await admission.admit(request());
    expect((await refusalOf(admission.admit(request()))).refusal).toMatchObject({
      code: "user-active",
      limit: 1,
    });
    for (let i = 0; i < 3; i++) await admission.admit(request({ userId: "bob", roleIds: [ROLE] }));
    expect((await refusalOf(admission.admit(request({ userId: "bob", roleIds: [ROLE] })))).reason).toBe(
      "user-active",
    );
  });

  test("the server's banned words are refused in that server only, the owner's everywhere", async () => {
    const { admission } = setup({ banned: ["gore"], settings: { bannedWords: ["kraken"] } });
    expect((await refusalOf(admission.admit(request({ prompt: readPrompt("a Kraken") })))).reason).toBe(
      "banned-words",
    );
    expect(
      (await refusalOf(admission.admit(request({ prompt: readPrompt("gore"), guildId: null })))).reason,
    ).toBe("banned-words");
    await expect(
      admission.admit(request({ prompt: readPrompt("a kraken"), guildId: null })),
    ).resolves.toBeDefined();
  });

  test.each([
    [
      "another channel when channels are set",
      { allowedChannelIds: [CHANNEL] },
      place("900000000000000021"),
      "channel-not-allowed",
    ],
    ["an allowed channel", { allowedChannelIds: [CHANNEL] }, place(CHANNEL), null],
    [
      "a thread of an allowed channel",
      { allowedChannelIds: [CHANNEL] },
      { channelId: "900000000000000022", parentId: CHANNEL, ageRestricted: false },
      null,
    ],
    [
      "a channel that is not age-restricted in age-restricted-only mode",
      { ageRestrictedOnly: true },
      place(CHANNEL),
      "age-restricted-only",
    ],
    [
      "an age-restricted channel in age-restricted-only mode",
      { ageRestrictedOnly: true },
      place(CHANNEL, true),
      null,
    ],
  ] as const)("a submission from %s is refused with %s", async (_what, settings, where, code) => {
    const { admission } = setup({ settings: settings as GuildSettings });
    const admitted = admission.admit(request({ place: where }));
    if (code === null) await expect(admitted).resolves.toBeDefined();
    else expect((await refusalOf(admitted)).reason).toBe(code);
  });

  test("the daily limit refuses the next image until the next UTC midnight; an image never created does not count", async () => {
    const { state, admission } = setup({ settings: { userDailyImages: 2 }, limits: { userMaxActive: 10 } });
    const first = await admission.admit(request());
    await first.submitted();
    const second = await admission.admit(request());
    second.release();
    await (await admission.admit(request())).submitted();
    const refusal = await refusalOf(admission.admit(request()));
    const midnight = Date.UTC(2024, 4, 2);
    expect(refusal.refusal).toEqual({ code: "daily", used: 2, limit: 2, resetAt: midnight });
    expect(refusal.message).toContain(`<t:${midnight / 1000}:R>`);
    expect(await admission.quota({ userId: "alice", guildId: GUILD, isModerator: false })).toMatchObject({
      dailyUsed: 2,
      resetAt: midnight,
    });
    await expect(admission.admit(request({ isModerator: true }))).resolves.toBeDefined();
    state.now = midnight;
    await expect(admission.admit(request())).resolves.toBeDefined();
  });

  test("submissions racing past the daily limit start exactly as many images as it allows", async () => {
    const { admission } = setup({ settings: { userDailyImages: 3 }, limits: { userMaxActive: 10 } });
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => admission.admit(request())));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
  });
});
