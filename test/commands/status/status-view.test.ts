import { describe, expect, test } from "vitest";
import { EMBED_COLORS } from "../../../src/render/format.js";
import type { MessagePayload } from "../../../src/render/payload.js";
import { statusCodec } from "../../../commands/status/status-id.js";
import { MAX_FAILURES_SHOWN, renderStatus } from "../../../commands/status/status-view.js";
import { RECENT_ERROR_WINDOW_MS, type ServiceHealth } from "../../../src/admission/service-health.js";
import { expectWithinDiscordLimits, visibleText } from "../../render/helpers.js";
import { failureNumber, jobNumber, jobs, NOW, statusInput } from "../../render/status-fixtures.js";
import { english, translator } from "../../../src/i18n/translate.js";
import { readPrompt } from "../../../src/prompt/prompt.js";

const [SERVICE, IN_FLIGHT, FAILURES] = [0, 1, 2];

/** The paging buttons (not the cancel buttons) with the page each shows. */
function buttons(payload: MessagePayload): { label: string | undefined; page: number | null }[] {
  return payload.components
    .flatMap((row) => row.components)
    .map((b) => ({
      label: "label" in b ? b.label : undefined,
      action: "custom_id" in b ? statusCodec.decode(b.custom_id) : null,
    }))
    .filter(({ action }) => action?.kind !== "cancel")
    .map(({ label, action }) => ({ label, page: action?.page ?? null }));
}

/** The cancel buttons: label, the page they show again, and the job they cancel. */
function cancelButtons(payload: MessagePayload) {
  return payload.components
    .flatMap((row) => row.components)
    .map((b) => ({
      label: "label" in b ? b.label : undefined,
      action: "custom_id" in b ? statusCodec.decode(b.custom_id) : null,
    }))
    .filter(({ action }) => action?.kind === "cancel");
}

/** Positions of the in-flight jobs listed, in order, e.g. `[11, 12, …]`. */
function listedPositions(payload: MessagePayload): number[] {
  const text = payload.embeds[IN_FLIGHT]?.description ?? "";
  return [...text.matchAll(/^\*\*(\d+)\.\*\* /gm)].map((m) => Number(m[1]));
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("renderStatus", () => {
  test.each<[number, string, number[], (number | null)[]]>([
    [0, "🖌️ In flight on this server: none", [], [0]],
    [1, "🖌️ In flight on this server: showing 1-1 of 1", [1], [0]],
    [10, "🖌️ In flight on this server: showing 1-10 of 10", range(1, 10), [0]],
    [11, "🖌️ In flight on this server: showing 1-10 of 11", range(1, 10), [0, 1]],
    [100, "🖌️ In flight on this server: showing 1-10 of 100", range(1, 10), [0, 1]],
    [1000, "🖌️ In flight on this server: showing 1-10 of 1000", range(1, 10), [0, 1]],
  ])(
    "with %i jobs in flight, fits Discord's limits and says which it shows",
    (count, title, positions, pages) => {
      const payload = renderStatus(english, statusInput({ inFlight: jobs(count) }));
      expectWithinDiscordLimits(payload);
      expect(payload.embeds[IN_FLIGHT]?.title).toBe(title);
      expect(listedPositions(payload)).toEqual(positions);
      expect(buttons(payload).map((b) => b.page)).toEqual(pages);
      expect(payload.allowedMentions).toEqual({ parse: [], users: [], repliedUser: false });
    },
  );

  test("fits the limits with 1,000 jobs, very long prompts, statuses, ids and errors, still listing a full page", () => {
    const long = "**bold** <@123> @everyone `code` # heading\n> quote ".repeat(200);
    const payload = renderStatus(
      english,
      statusInput({
        service: {
          botStatus: "x".repeat(5000),
          message: long,
          latencyMs: 1e9,
          lastError: long,
          lastErrorAt: NOW,
          checkedAt: NOW,
        },
        inFlight: jobs(1000, {
          prompt: readPrompt(long),
          status: "weird_status*".repeat(100),
          imageId: "i".repeat(500),
        }),
        recentFailures: Array.from({ length: 50 }, (_, i) => ({
          ...failureNumber(i + 1, `Midjourney message: ${long}`),
          prompt: long,
        })),
        page: 7,
      }),
    );
    expectWithinDiscordLimits(payload);
    expect(listedPositions(payload)).toEqual(range(71, 80));
    expect(payload.embeds[IN_FLIGHT]?.title).toBe("🖌️ In flight on this server: showing 71-80 of 1000");
    expect(payload.embeds[FAILURES]?.title).toBe(
      `❌ Recent failures: the ${MAX_FAILURES_SHOWN} most recent of 50`,
    );
    expect(visibleText(payload)).not.toContain("<@123>");
    expect(visibleText(payload)).not.toContain("**bold**");
  });

  test("lists jobs oldest first, with requester, status, progress, age, id and an escaped prompt excerpt", () => {
    const payload = renderStatus(
      english,
      statusInput({
        inFlight: [
          jobNumber(1, {
            status: "pending",
            progress: null,
            prompt: readPrompt("https://cdn.example.com/ref.png a *cat*\nin a hat"),
          }),
          jobNumber(2, { progress: 40 }),
        ],
      }),
    );
    expect(payload.embeds[IN_FLIGHT]?.description).toBe(
      `**1.** <@100000000000000002> · 🖌️ Generating · ▰▰▰▰▱▱▱▱▱▱ 40% · started <t:${(NOW - 120_000) / 1000}:R>\n` +
        "`job-0002` prompt number 2 --ar 16:9\n" +
        `**2.** <@100000000000000001> · ⏳ Waiting in line · started <t:${(NOW - 60_000) / 1000}:R>\n` +
        "`job-0001` 🔗 a \\*cat\\* in a hat",
    );
  });

  test.each<[string, number, number[], string, (number | null)[]]>([
    ["the first page", 0, range(1, 10), "showing 1-10 of 95", [0, 1]],
    ["a middle page", 3, range(31, 40), "showing 31-40 of 95", [2, 3, 4]],
    ["the last, partial page", 9, range(91, 95), "showing 91-95 of 95", [8, 9]],
    ["a page past the end (jobs finished since)", 50, range(91, 95), "showing 91-95 of 95", [8, 9]],
    ["a negative page", -3, range(1, 10), "showing 1-10 of 95", [0, 1]],
    ["a page that is not a number", Number.NaN, range(1, 10), "showing 1-10 of 95", [0, 1]],
    ["a fractional page", 3.7, range(31, 40), "showing 31-40 of 95", [2, 3, 4]],
  ])(
    "shows %s honestly, with previous, refresh and next buttons",
    (_name, page, positions, showing, pages) => {
      const payload = renderStatus(english, statusInput({ inFlight: jobs(95), page }));
      expectWithinDiscordLimits(payload);
      expect(listedPositions(payload)).toEqual(positions);
      expect(payload.embeds[IN_FLIGHT]?.title).toContain(showing);
      expect(buttons(payload).map((b) => b.page)).toEqual(pages);
    },
  );

  test.each<[number | undefined, number, string]>([
    [undefined, 10, "Page 1 of 3"],
    [5, 5, "Page 1 of 5"],
    [1, 1, "Page 1 of 25"],
    [0, 1, "Page 1 of 25"],
    [500, 10, "Page 1 of 3"],
  ])("with page size %j lists %i jobs per page", (pageSize, perPage, footer) => {
    const payload = renderStatus(
      english,
      statusInput({ inFlight: jobs(25), ...(pageSize === undefined ? {} : { pageSize }) }),
    );
    expect(listedPositions(payload)).toHaveLength(perPage);
    expect(payload.embeds[IN_FLIGHT]?.footer?.text).toBe(`${footer} · oldest first`);
  });

  test("offers a Cancel button per job listed on the page, in list order, in rows of five", () => {
    const input = statusInput({ inFlight: jobs(30), page: 1 });
    const payload = renderStatus(english, input);
    const listed = listedPositions(payload);
    const cancels = cancelButtons(payload);
    expect(cancels.map((c) => c.label)).toEqual(listed.map((n) => `Cancel ${n}`));
    const sorted = [...input.inFlight].sort((a, b) => a.startedAt - b.startedAt);
    expect(cancels.map((c) => c.action)).toEqual(
      listed.map((n) => ({ kind: "cancel", page: 1, jobId: sorted[n - 1]?.imageId })),
    );
    expect(payload.components.map((row) => row.components.length)).toEqual([3, 5, 5]);
  });

  test("offers no Cancel button without jobs in flight", () => {
    expect(cancelButtons(renderStatus(english, statusInput({ inFlight: [] })))).toEqual([]);
  });

  test("labels the buttons", () => {
    const payload = renderStatus(english, statusInput({ inFlight: jobs(30), page: 1 }));
    expect(buttons(payload)).toEqual([
      { label: "Previous", page: 0 },
      { label: "Refresh", page: 1 },
      { label: "Next", page: 2 },
    ]);
  });

  test.each<[ServiceHealth["botStatus"], string, number]>([
    ["healthy", "🟢 **Image service: working**", EMBED_COLORS.completed],
    ["unhealthy", "🔴 **Image service: not working**", EMBED_COLORS.failed],
    ["starting", "🟡 **Image service: starting up**", EMBED_COLORS.waiting],
    ["paused", "⏸️ **Image service: paused**", EMBED_COLORS.timedOut],
    ["on_fire*", "⚪ **Image service: reports “on\\_fire\\*”**", EMBED_COLORS.timedOut],
    [null, "🔴 **Image service: cannot be reached**", EMBED_COLORS.failed],
  ])("shows service status %j as %j", (botStatus, line, color) => {
    const payload = renderStatus(english, statusInput({ service: { ...statusInput().service, botStatus } }));
    expect(payload.embeds[SERVICE]?.description?.split("\n")[0]).toBe(line);
    expect(payload.embeds[SERVICE]?.color).toBe(color);
  });

  test("shows a service never checked as unknown", () => {
    const service = { ...statusInput().service, botStatus: null, checkedAt: null };
    const payload = renderStatus(english, statusInput({ service }));
    expect(payload.embeds[SERVICE]?.description?.split("\n")[0]).toBe(
      "⚪ **Image service: not checked yet**",
    );
  });

  test.each([
    {
      ago: 60_000,
      line: "🟠 **Image service: working, with errors** — it says it is working, but some requests to it failed",
    },
    { ago: RECENT_ERROR_WINDOW_MS - 1, line: "🟠 **Image service: working, with errors**" },
    { ago: RECENT_ERROR_WINDOW_MS, line: "🟢 **Image service: working**" },
    { ago: 3_600_000, line: "🟢 **Image service: working**" },
  ])("a healthy report with an outage error $ago ms ago starts with $line", ({ ago, line }) => {
    const service = {
      ...statusInput().service,
      lastError: "Image service failed while reading image (500 INTERNAL_SERVER_ERROR).",
      lastErrorAt: NOW - ago,
    };
    const description = renderStatus(english, statusInput({ service })).embeds[SERVICE]?.description ?? "";
    expect(description.split("\n")[0]?.startsWith(line)).toBe(true);
    expect(description).toContain(`Last problem reaching it <t:${Math.floor((NOW - ago) / 1000)}:R>`);
  });

  test("shows the service's message, latency, check time and last error, escaped", () => {
    const payload = renderStatus(
      english,
      statusInput({
        service: {
          botStatus: "unhealthy",
          message: "Discord *down*",
          latencyMs: null,
          lastError: "HTTP 502 <html>",
          lastErrorAt: NOW - 60_000,
          checkedAt: NOW - 5_000,
        },
      }),
    );
    expect(payload.embeds[SERVICE]?.description).toBe(
      "🔴 **Image service: not working**\n" +
        "The image service's own report on its Midjourney account: “Discord \\*down\\*”\n" +
        `No answer when last checked <t:${(NOW - 5_000) / 1000}:R>\n` +
        `Last problem reaching it <t:${(NOW - 60_000) / 1000}:R>: HTTP 502 \\<html\\>`,
    );
  });

  test("shows the last 24 hours, the limits in force and the time of the report", () => {
    const payload = renderStatus(english, statusInput());
    const [counts, limits] = payload.embeds[SERVICE]?.fields ?? [];
    expect(counts?.value).toBe("✅ 12 finished\n❌ 3 failed\n⌛ 1 gave up waiting");
    expect(limits?.value).toBe(
      "Per user: 2 at a time, 10 seconds cooldown (moderators exempt)\nPer server: 10 at a time\n" +
        "Prompts: at most 2000 characters\nBanned words: 42 entries",
    );
    expect(payload.embeds[SERVICE]?.timestamp).toBe(new Date(NOW).toISOString());
    expect(payload.embeds[SERVICE]?.description).toContain("Answers in 123 ms");
  });

  test("with a fleet, lists every process alive with its shards and jobs, marking the one that answered", () => {
    const fleet = {
      self: "host-b-2-bb",
      processes: [
        { id: "host-a-1-aa", startedAt: NOW, seenAt: NOW, shards: [0, 1], jobs: 12 },
        { id: "host-b-2-bb", startedAt: NOW, seenAt: NOW, shards: [2], jobs: 1 },
      ],
    };
    const fields = renderStatus(english, { ...statusInput(), fleet }).embeds[SERVICE]?.fields ?? [];
    expect(fields.at(-1)).toEqual({
      name: "Bot processes: 2 alive",
      value: "`host-a-1-aa`: shards 0, 1 · 12 jobs\n`host-b-2-bb` (answered this): shards 2 · 1 job",
      inline: false,
    });
    expect(renderStatus(english, statusInput()).embeds[SERVICE]?.fields).toHaveLength(2);
  });

  test("says when there is no cooldown and a single banned word", () => {
    const input = statusInput();
    const payload = renderStatus(english, {
      ...input,
      limits: { ...input.limits, userCooldownMs: 0, bannedWordsCount: 1 },
    });
    expect(payload.embeds[SERVICE]?.fields?.[1]?.value).toContain("Per user: 2 at a time, no cooldown");
    expect(payload.embeds[SERVICE]?.fields?.[1]?.value).toContain("Banned words: 1 entry");
  });

  test("explains the most recent failures, newest first, in plain words", () => {
    const payload = renderStatus(
      english,
      statusInput({
        recentFailures: [
          failureNumber(3, "Midjourney message: Banned prompt detected"),
          failureNumber(1, null),
          failureNumber(2, "Disk full <@1>"),
        ],
      }),
    );
    expect(payload.embeds[FAILURES]?.title).toBe("❌ Recent failures");
    expect(payload.embeds[FAILURES]?.description).toBe(
      [
        `<t:${(NOW - 60_000) / 1000}:R> <@200000000000000001> \`failed-1\` failed prompt 1`,
        "> The image service marked the job as failed without giving a reason.",
        `<t:${(NOW - 120_000) / 1000}:R> <@200000000000000002> \`failed-2\` failed prompt 2`,
        "> The image service reported an error. “Disk full \\<@1\\>”",
        `<t:${(NOW - 180_000) / 1000}:R> <@200000000000000003> \`failed-3\` failed prompt 3`,
        "> The image generator's moderation refused this prompt. “Banned prompt detected”",
      ].join("\n"),
    );
  });

  test("says when there are no recent failures", () => {
    expect(renderStatus(english, statusInput()).embeds[FAILURES]?.description).toBe("No recent failures.");
  });
});

describe("renderStatus in the moderator's language", () => {
  test.each([
    ["de", "📊 Status des Bilddienstes", "🟢 **Bilddienst: läuft**", "Verbotene Wörter: 42 Einträge"],
    ["ja", "📊 画像サービスの状態", "🟢 **画像サービス: 稼働中**", "禁止ワード: 42 件"],
  ] as const)("%s", (language, title, condition, banned) => {
    const payload = renderStatus(
      translator(language),
      statusInput({ inFlight: jobs(12), recentFailures: [failureNumber(1)] }),
    );
    expectWithinDiscordLimits(payload);
    expect(payload.embeds[SERVICE]?.title).toBe(title);
    expect(payload.embeds[SERVICE]?.description).toContain(condition);
    expect(visibleText(payload)).toContain(banned);
    expect(visibleText(payload)).not.toMatch(/Last 24 hours|Recent failures|In flight/);
    // The page buttons still carry the same ids whatever their labels say.
    expect(buttons(payload).map((b) => b.page)).toEqual(
      buttons(renderStatus(english, statusInput({ inFlight: jobs(12) }))).map((b) => b.page),
    );
  });
});

describe("renderStatus: the kind of server and a stale healthy", () => {
  const features = (ref: boolean | null, upscale: boolean | null) => ({
    ref: { has: ref, why: "" },
    upscale: { has: upscale, why: "" },
  });

  test.each([
    [
      features(false, false),
      "It does not tell which request an image belongs to (the bot keeps track itself) · Enhance (larger images) not offered by it",
    ],
    [
      features(true, true),
      "It tells which request each image belongs to · Enhance (larger images) available",
    ],
    [
      features(null, null),
      "Whether it tells which request an image belongs to: not known yet · Enhance (larger images): not known yet",
    ],
  ])("says what was found out about the server", (found, line) => {
    const text = visibleText(renderStatus(english, statusInput({ features: found })));
    expect(text).toContain(line);
  });

  test("warns that a healthy report may be stale while jobs wait to start for minutes, and only then", () => {
    const stale = { count: 2, minutes: 3 };
    const warned = visibleText(renderStatus(english, statusInput({ stalePending: stale })));
    expect(warned).toContain("Images waiting more than 3 min to start: 2");
    expect(warned).toMatch(/that may be out of date/);

    const none = visibleText(renderStatus(english, statusInput({ stalePending: { count: 0, minutes: 3 } })));
    expect(none).not.toMatch(/may be out of date/);
    const starting = statusInput({
      stalePending: stale,
      service: { ...statusInput().service, botStatus: "starting" },
    });
    expect(visibleText(renderStatus(english, starting))).not.toMatch(/may be out of date/);
  });
});
