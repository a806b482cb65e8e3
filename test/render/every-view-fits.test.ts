/**
 * Every view of the bot, in each of its six languages, for every kind of reader, with the longest inputs
 * it can be given (the longest prompt Midjourney takes, a moderator who sees every command, 16 image
 * servers, 25 styles, the longest names), checked by the Discord emulator's own validation: Discord's limits
 * and its API description. A renderer fits by construction: it never leaves `fitMessageLimits` a text to
 * cut, so a text made longer than Discord allows fails here, not in front of a member.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { commands } from "../../commands/index.js";
import { helpEntries } from "../../commands/help/help.js";
import { offeredCommands } from "../../commands/help/help-query.js";
import { renderHelp, type HelpContext } from "../../commands/help/help-view.js";
import { renderHistory } from "../../commands/history/history-view.js";
import { renderConfigShow } from "../../commands/config/config-view.js";
import { renderStyles } from "../../commands/config/styles-view.js";
import { renderPromptCopy } from "../../commands/prompt/prompt-view.js";
import { renderQuota } from "../../commands/quota/quota-view.js";
import { renderStatus } from "../../commands/status/status-view.js";
import type { ServerRow } from "../../commands/status/status-servers-view.js";
import { parseConfig } from "../../src/config.js";
import { replyPayloadFor } from "../../src/discord/reply-with-error.js";
import { UserError } from "../../src/errors.js";
import { LANGUAGES } from "../../src/i18n/languages.js";
import { translator, type Translator } from "../../src/i18n/translate.js";
import { pino } from "pino";
import { renderCancelled } from "../../src/render/cancelled.js";
import {
  renderFailed,
  renderPrivateRefusalNotice,
  renderServiceError,
  renderTimedOut,
} from "../../src/render/failure.js";
import {
  renderCompleted,
  renderEnhanced,
  renderResultPointer,
  renderUpscale,
} from "../../src/render/final.js";
import { watchLimitCuts } from "../../src/render/limits.js";
import type { RenderContext } from "../../src/render/message-parts.js";
import { NO_PINGS } from "../../src/render/message-parts.js";
import type { MessagePayload } from "../../src/render/payload.js";
import { renderProgress, renderSubmitting } from "../../src/render/progress.js";
import { renderAdmissionRefusal } from "../../src/render/refusal.js";
import { renderBannedWords, renderMemberSettings } from "../../src/render/settings.js";
import { shownMemberSettings } from "../../src/render/setting-values.js";
import { renderJobDetails } from "../../commands/status/status-job-view.js";
import { readPrompt } from "../../src/prompt/prompt.js";
import { renderWaiting } from "../../src/imagine/line/waiting-message.js";
import { ServiceError } from "../../src/service/errors.js";
import { effectiveSettings } from "../../src/settings/effective-settings.js";
import { MAX_STYLES, STYLE_NAME_MAX_LENGTH, STYLE_TEXT_MAX_LENGTH } from "../../src/settings/styles.js";
import { discordRefusal } from "../support/discord-validation.js";
import { completedRecord, makeRecord } from "./helpers.js";
import { failureNumber, jobNumber, NOW, statusInput } from "./status-fixtures.js";

/** Midjourney's longest prompt (PROMPT_MAX_LENGTH's most), made of image links, markdown and long words. */
const LONGEST_PROMPT = (() => {
  const links = Array.from(
    { length: 5 },
    (_, i) => `https://cdn.example.com/images/${"x".repeat(60)}-${i}.png`,
  );
  const words =
    "a *very* _detailed_ `ornate` ~~cathedral~~ interior, Überschwänglichkeit, 大聖堂の内部 ".repeat(80);
  return `${links.join(" ")} ${words}`.slice(0, 5990).trimEnd() + " --ar 16:9";
})();
const SNOWFLAKE = "1234567890123456789";
const LONG_NAME = "Ünïcödé-Styłe-Name-That-Is-Long"
  .slice(0, STYLE_NAME_MAX_LENGTH)
  .padEnd(STYLE_NAME_MAX_LENGTH, "x");
const STYLES = Array.from({ length: MAX_STYLES }, (_, i) => ({
  name: `${String(i).padStart(2, "0")}${LONG_NAME}`.slice(0, STYLE_NAME_MAX_LENGTH),
  text: `${"watercolour wash, soft light, ".repeat(20)}`.slice(0, STYLE_TEXT_MAX_LENGTH),
}));
const LONG_ERROR = `Midjourney message: ${"Our AI moderator thinks this prompt is probably against our community standards. ".repeat(20)}`;

const config = parseConfig({
  DISCORD_TOKEN: "token",
  DISCORD_CLIENT_ID: "100000000000000001",
  IMAGINE_API_URL: "http://127.0.0.1:9",
  IMAGINE_API_TOKEN: "service-token",
});
const entries = helpEntries(commands, config);

const ctx: RenderContext = {
  requesterId: SNOWFLAKE,
  prompt: readPrompt(LONGEST_PROMPT),
  jobId: "2b5c5d2e-5f4b-4f1e-9a55-0c1a2b3c4d5e",
  startedAt: NOW - 3_600_000,
  finishedAt: NOW,
  imageUrl: "https://cdn.example.com/imagine/grid.png",
  origin: {
    kind: "remix",
    jobId: "3b5c5d2e-5f4b-4f1e-9a55-0c1a2b3c4d5e",
    link: `https://discord.com/channels/${SNOWFLAKE}/${SNOWFLAKE}/${SNOWFLAKE}`,
  },
  style: STYLES[0]?.name,
};

function helpFor(t: Translator, where: "member" | "moderator" | "dm", enhance: boolean): MessagePayload {
  const guildId = where === "dm" ? null : SNOWFLAKE;
  const reader = { userId: SNOWFLAKE, guildId, isModerator: where === "moderator" };
  const help: HelpContext = {
    commands: offeredCommands(entries, reader, true),
    guildId,
    isModerator: reader.isModerator,
    userMaxActive: 1000,
    userCooldownMs: 86_399_000,
    guildMaxActive: 10_000,
    promptMaxLength: 6000,
    userActive: 999,
    guildActive: 9999,
    enhanceFactors: enhance ? ["2x", "4x"] : [],
    styles: STYLES.map((s) => s.name),
    speeds: ["fast", "turbo", "relax"],
  };
  return renderHelp(t, help);
}

const owner = {
  userMaxActive: 1000,
  userCooldownMs: 86_399_000,
  userDailyImages: 10_000,
  guildMaxActive: 10_000,
  enhanceAvailable: true,
  auditChannelId: SNOWFLAKE,
  ageRestrictedOnly: false,
};
const roleIds = Array.from({ length: 25 }, (_, i) => `12345678901234567${String(i).padStart(2, "0")}`);
const server = {
  userMaxActive: 999,
  bannedWords: Array.from({ length: 400 }, (_, i) => `forbidden-word-${i}`),
  allowedChannelIds: roleIds,
  defaultParameters: "--ar 16:9 --stylize 1000 --chaos 100 --weird 3000 --v 6.1",
  styles: STYLES,
  roleLimits: Object.fromEntries(
    roleIds.map((id) => [id, { userMaxActive: 100, userCooldownMs: 3_600_000, userDailyImages: 1000 }]),
  ),
  roleSpeeds: Object.fromEntries(roleIds.map((id) => [id, ["fast", "turbo"] as ("fast" | "turbo")[]])),
};
const effective = effectiveSettings(owner, server, roleIds);

const serverRow = (n: number): ServerRow => ({
  name: `image-server-${n}-${"with-a-long-name".repeat(3)}`,
  health: {
    botStatus: "unhealthy",
    message: "x".repeat(300),
    latencyMs: 12_345,
    lastError: LONG_ERROR,
    lastErrorAt: NOW - 60_000,
    checkedAt: NOW,
  },
  inUse: 12,
  slots: 12,
  backingOff: true,
  lastCreateError: LONG_ERROR,
  features: { ref: { has: false, why: "x" }, upscale: { has: true, why: "y" } },
  outOfDate: { since: NOW - 600_000, errors: [LONG_ERROR, LONG_ERROR, LONG_ERROR] },
});

const log = pino({ level: "silent" });
const userError = (text: (t: Translator) => string) => (t: Translator) => ({
  ...replyPayloadFor(new UserError(text), log, t),
  components: [],
  allowedMentions: NO_PINGS,
});
const asContent = (text: string): MessagePayload => ({
  content: text,
  embeds: [],
  components: [],
  allowedMentions: NO_PINGS,
});

/** Every view, by name: what a member, a moderator or a DM reader can be shown. */
const VIEWS: Record<string, (t: Translator) => MessagePayload> = {
  "help, member, Enhance on": (t) => helpFor(t, "member", true),
  "help, member, Enhance off": (t) => helpFor(t, "member", false),
  "help, moderator, Enhance on": (t) => helpFor(t, "moderator", true),
  "help, moderator, Enhance off": (t) => helpFor(t, "moderator", false),
  "help, DM, Enhance on": (t) => helpFor(t, "dm", true),
  "help, DM, Enhance off": (t) => helpFor(t, "dm", false),
  "waiting (busy)": (t) => renderWaiting(t, { ...ctx, finishedAt: null }, 9999, { kind: "busy" }),
  "waiting (down)": (t) => renderWaiting(t, { ...ctx, finishedAt: null }, 9999, { kind: "down" }),
  "waiting (failing)": (t) => renderWaiting(t, { ...ctx, finishedAt: null }, 9999, { kind: "failing" }),
  "waiting (down or failing)": (t) =>
    renderWaiting(t, { ...ctx, finishedAt: null }, 9999, { kind: "down-or-failing" }),
  "waiting (busy, others out)": (t) =>
    renderWaiting(t, { ...ctx, finishedAt: null }, 9999, { kind: "busy-others-out" }),
  "waiting (made again: account)": (t) =>
    renderWaiting(t, { ...ctx, finishedAt: null }, 9999, { kind: "again", why: "account" }),
  "waiting (made again: lost)": (t) =>
    renderWaiting(t, { ...ctx, finishedAt: null }, 9999, { kind: "again", why: "lost" }),
  "waiting (paced)": (t) =>
    renderWaiting(t, { ...ctx, finishedAt: null }, 9999, { kind: "paced", until: Date.UTC(2030, 0, 1) }),
  "waiting (speed)": (t) =>
    renderWaiting(t, { ...ctx, finishedAt: null }, 9999, { kind: "speed", speed: "relax" }),
  submitting: (t) => renderSubmitting(t, { ...ctx, finishedAt: null }),
  progress: (t) =>
    renderProgress(
      t,
      makeRecord({ status: "in-progress", progress: 99, prompt: LONGEST_PROMPT }),
      { ...ctx, finishedAt: null, enhance: { name: "U4", factor: "4×" } },
      { serviceUnanswering: true, serviceNotReady: "down", remade: true },
    ),
  completed: (t) => renderCompleted(t, completedRecord({ prompt: LONGEST_PROMPT }), ctx),
  upscale: (t) => renderUpscale(t, completedRecord({ prompt: LONGEST_PROMPT }), 3, ctx, ["2x", "4x"]),
  enhanced: (t) => renderEnhanced(t, { index: 3, factor: "4x" }, ctx),
  "result pointer": (t) => renderResultPointer(t, ctx.origin?.link ?? null),
  failed: (t) =>
    renderFailed(t, makeRecord({ status: "failed", error: LONG_ERROR, prompt: LONGEST_PROMPT }), ctx, true),
  "private refusal notice": (t) => renderPrivateRefusalNotice(t, ctx.jobId),
  "timed out": (t) => renderTimedOut(t, ctx, 86_400_000),
  cancelled: (t) => renderCancelled(t, ctx, SNOWFLAKE),
  "service error": (t) =>
    renderServiceError(
      t,
      new ServiceError("server", "x", { status: 503, serviceMessage: LONG_ERROR, retryAfterMs: 3_600_000 }),
      ctx,
    ),
  "refusal: banned word (server)": (t) =>
    asContent(
      renderAdmissionRefusal(t, {
        code: "banned-words",
        list: "server",
        matched: "forbidden-word-399",
        inDm: false,
      }),
    ),
  "refusal: paused": (t) =>
    asContent(
      renderAdmissionRefusal(t, {
        code: "paused",
        refusals: 99,
        until: NOW + 86_400_000,
        place: { kind: "guild", guildId: SNOWFLAKE },
      } as never),
    ),
  "refusal: unknown style": userError((t) =>
    t("styles.unknown", { name: `\`${LONG_NAME}\``, names: STYLES.map((s) => `\`${s.name}\``).join(", ") }),
  ),
  // A host name is at most 253 characters, a port adds 6.
  "refusal: an image link the generator cannot reach": userError((t) =>
    t("imageLink.unreachable", { host: `${"h".repeat(253)}:65535` }),
  ),
  "prompt copy": (t) => renderPromptCopy(t, ctx.jobId ?? "", LONGEST_PROMPT),
  "job details": (t) =>
    renderJobDetails(
      t,
      jobNumber(1, { prompt: readPrompt(LONGEST_PROMPT), error: LONG_ERROR }),
      makeRecord({ status: "failed", error: LONG_ERROR, prompt: LONGEST_PROMPT }),
      ctx.origin?.link ?? null,
    ),
  history: (t) =>
    renderHistory(
      t,
      {
        jobs: Array.from({ length: 10 }, (_, i) =>
          jobNumber(i + 1, { prompt: readPrompt(LONGEST_PROMPT), outcome: "failed" }),
        ),
        page: 99,
        hasOlder: true,
        scope: "everywhere",
      },
      10,
      { page: (p) => `history:${SNOWFLAKE}:${p}`, show: (job) => `show:${job.imageId}` },
    ),
  "status with 16 servers": (t) =>
    renderStatus(
      t,
      statusInput({
        inFlight: Array.from({ length: 100 }, (_, i) =>
          jobNumber(i + 1, { prompt: readPrompt(LONGEST_PROMPT) }),
        ),
        recentFailures: Array.from({ length: 25 }, (_, i) => ({
          ...failureNumber(i + 1, LONG_ERROR),
          prompt: LONGEST_PROMPT,
        })),
        servers: { rows: Array.from({ length: 16 }, (_, i) => serverRow(i + 1)), waiting: 9999 },
        serversDown: true,
        outOfDate: { since: NOW - 600_000, errors: [LONG_ERROR, LONG_ERROR] },
        stalePending: { count: 999, minutes: 999 },
      }),
    ),
  "config show": (t) => {
    const shown = renderConfigShow(t, {
      effective,
      roleLimits: server.roleLimits,
      roleSpeeds: server.roleSpeeds,
      ownerBannedWordCount: 999,
      runnableSpeeds: ["fast", "turbo", "relax"],
      styleNames: STYLES.map((s) => s.name),
    });
    return { content: "", components: [], ...shown };
  },
  "styles list": (t) => ({ content: "", components: [], ...renderStyles(t, STYLES) }),
  "banned words": (t) => renderBannedWords(t, server.bannedWords, 999),
  "member settings": (t) =>
    renderMemberSettings(
      t,
      shownMemberSettings(
        {
          suffix: "x ".repeat(3000).trim(),
          aspectRatio: "21:9",
          delivery: "dm",
          language: "de",
          speed: "turbo",
        } as never,
        t,
      ),
    ),
  quota: (t) =>
    renderQuota(
      t,
      {
        settings: effective,
        dailyUsed: 9999,
        resetAt: NOW + 86_000_000,
        activeJobs: 999,
        cooldownEndsAt: NOW + 86_000_000,
      },
      { guildId: SNOWFLAKE, isModerator: false },
    ),
};

let cuts: string[] = [];
let stopWatching: () => void = () => {};
beforeEach(() => {
  cuts = [];
  stopWatching = watchLimitCuts((where, text) =>
    cuts.push(`${where}: ${text.slice(0, 60)}… (${text.length})`),
  );
});
afterEach(() => stopWatching());

describe.each(LANGUAGES)("every view in %s", (language) => {
  const t = translator(language);
  test.each(Object.keys(VIEWS))("%s: Discord accepts it and no text of the bot was cut to fit", (name) => {
    const payload = VIEWS[name]?.(t);
    expect(payload).toBeDefined();
    if (!payload) return;
    expect(discordRefusal(payload)).toBeNull();
    expect(cuts).toEqual([]);
  });
});
