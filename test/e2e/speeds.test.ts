/**
 * Speeds (issue 32): a server's default speed and allowed speeds (`/imagine-config speeds`), a member's
 * choice (`/settings speed`), `--fast`/`--turbo`/`--relax` in a prompt honoured within the same rules and
 * only where the server can run them; the result shows the speed used.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { ServiceProfile } from "../../tools/reference-service/index.js";
import type { SlashOptionValue } from "../../tools/discord-emulator/world/slash-options.js";
import type { BotHarness } from "../support/bot-harness.js";
import { startOnProfile } from "./profile-steps.js";
import { textOf } from "../support/message-view.js";
import { imagineAnswer } from "./admission-steps.js";
import { clickLabel, imagineGrid, isGrid, recordFor, startImagine, waitForResult } from "./imagine-steps.js";
import { runSettingsCommand } from "./settings-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

async function start(profile: ServiceProfile): Promise<void> {
  h = await startOnProfile(profile);
}

/** Runs `/imagine-config speeds` as the moderator and returns the answer's text. */
async function setSpeeds(options: Record<string, SlashOptionValue>): Promise<string> {
  const { answer } = await runSettingsCommand(h, {
    name: "imagine-config",
    subcommand: "speeds",
    options,
    user: h.world.mod,
  });
  return textOf(answer);
}

/** The prompt the service received for the job started by `prompt`. */
async function sentPrompt(prompt: string): Promise<string> {
  const job = await startImagine(h, { prompt });
  return h.service.record(job.record.id)?.prompt ?? "";
}

describe.each(["hosted", "self-hosted"] as const)("on a %s server", (profile) => {
  test("the server's default speed is sent with prompts that name none, and the result shows it", async () => {
    await start(profile);
    expect(await setSpeeds({ default: "turbo", allowed: "fast, turbo" })).toContain("--turbo");
    const job = await startImagine(h, { prompt: "a paper boat" });
    expect(h.service.record(job.record.id)?.prompt).toBe("a paper boat --turbo");
    h.service.completeNow(job.record.id);
    expect(textOf(await waitForResult(h, job.record.id, isGrid))).toContain("--turbo");
    expect(await sentPrompt("a paper plane --fast")).toBe("a paper plane --fast");
  });

  test("a speed the server does not allow is refused privately, naming the allowed ones, with no create", async () => {
    await start(profile);
    await setSpeeds({ allowed: "fast" });
    const refusal = await imagineAnswer(h, h.world.alice, "a paper boat --turbo");
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toContain("`--turbo` is not allowed for your roles in this server");
    expect(textOf(refusal)).toContain("Speeds you can use: `--fast`.");
    expect(h.service.creates).toBe(0);
  });

  test("a member's own speed is used where allowed", async () => {
    await start(profile);
    await runSettingsCommand(h, {
      name: "settings",
      subcommand: "speed",
      options: { speed: "fast" },
      user: h.world.alice,
    });
    expect(await sentPrompt("a kite")).toBe("a kite --fast");
  });

  test("a member's own speed the server does not allow is skipped, not refused: the server's default is sent", async () => {
    await start(profile);
    await setSpeeds({ default: "fast", allowed: "fast" });
    await runSettingsCommand(h, {
      name: "settings",
      subcommand: "speed",
      options: { speed: "turbo" },
      user: h.world.alice,
    });
    const answer = await imagineAnswer(h, h.world.alice, "a kite");
    expect(textOf(answer)).not.toContain("not allowed");
    expect(h.service.creates).toBe(1);
    expect(h.service.records().map((r) => r.prompt)).toEqual(["a kite --fast"]);
  });
});

test("🔄 on a grid sends the member's own speed again, as the prompt they typed did", async () => {
  await start("hosted");
  await runSettingsCommand(h, {
    name: "settings",
    subcommand: "speed",
    options: { speed: "turbo" },
    user: h.world.alice,
  });
  const { grid, record } = await imagineGrid(h, { prompt: "a kite" });
  expect(record.prompt).toBe("a kite --turbo");
  h.emu.clock.advance(60_000);
  const click = await clickLabel(h, grid, "🔄", h.world.alice);
  await click.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
  expect(recordFor(h, click.id)?.prompt).toBe("a kite --turbo");
});

test("a default speed that is not among the allowed speeds is refused, whichever is set first", async () => {
  await start("hosted");
  expect(await setSpeeds({ default: "turbo", allowed: "fast" })).toContain(
    "`--turbo` can't be the default speed: it is not among the speeds allowed here (`--fast`).",
  );
  await setSpeeds({ default: "turbo" });
  expect(await setSpeeds({ allowed: "fast, relax" })).toContain("`--turbo` can't be the default speed");
  expect(await sentPrompt("a kite")).toBe("a kite --turbo");
});

test("a self-hosted server offers no relax: /imagine-config and /settings refuse it, naming what it can run", async () => {
  await start("self-hosted");
  const { answer } = await runSettingsCommand(h, {
    name: "settings",
    subcommand: "speed",
    options: { speed: "relax" },
    user: h.world.alice,
  });
  expect(textOf(answer)).toContain("This bot's image server cannot run `--relax`.");
  const text = await setSpeeds({ default: "relax" });
  expect(text).toContain(
    "This bot's image server cannot run `--relax`. Speeds it can run: `--fast`, `--turbo`.",
  );
  expect(await sentPrompt("a kite")).toBe("a kite");
});

describe("the speeds offered while typing", () => {
  test.each([
    ["hosted", ["fast", "turbo", "relax"]],
    ["self-hosted", ["fast", "turbo"]],
  ] as const)(
    "on a %s server, /settings speed and /imagine-config speeds offer only what it can run",
    async (profile, runnable) => {
      await start(profile);
      const { emu, world } = h;
      const member = await emu.autocomplete({
        name: "settings",
        subcommand: "speed",
        focused: "speed",
        typed: "",
        user: world.alice,
        channelId: world.general.id,
      });
      expect((await member.waitForChoices()).map((c) => c.value)).toEqual(runnable);
      const moderator = await emu.autocomplete({
        name: "imagine-config",
        subcommand: "speeds",
        focused: "default",
        typed: "",
        user: world.mod,
        channelId: world.general.id,
      });
      const offered = await moderator.waitForChoices();
      expect(offered.map((c) => c.value)).toEqual([...runnable, "account"]);
      expect(offered.at(-1)?.name).toBe("the account's own mode");
      emu.assertNoRejectedRequests();
    },
  );
});
