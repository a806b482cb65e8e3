/**
 * What protects the operator's Midjourney account and asks only what the server can run, as a member sees
 * it (issue 32): the starter list of Midjourney's banned words, video parameters, `--relax` on a self-hosted
 * server, the relax failure line, and a self-hosted server named out of date.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { ServiceProfile } from "../../tools/reference-service/index.js";
import type { BotHarness, BotHarnessOptions } from "../support/bot-harness.js";
import { startOnProfile } from "./profile-steps.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { imagineAnswer } from "./admission-steps.js";
import { startImagine, waitForResult } from "./imagine-steps.js";
import { serviceStatusText } from "./status-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

async function start(profile: ServiceProfile, options: BotHarnessOptions = {}): Promise<BotHarness> {
  h = await startOnProfile(profile, options);
  return h;
}

/** How many create requests reached the image service. */
function createRequests(): number {
  return h.service.requests.filter((r) => r.request === "POST /items/images").length;
}

/** Sends a DM prompt as alice and returns the bot's answer. */
async function dmAnswer(content: string) {
  const { emu, world } = h;
  await emu.sendDirectMessage({ user: world.alice, content });
  return emu.waitForMessage(emu.dmChannelWith(world.alice), (m) => m.author.id === emu.botUser.id);
}

describe("Midjourney's starter list of banned words", () => {
  test("a listed word is refused privately in a server, naming the word and Midjourney's list, with the prompt; nothing is sent", async () => {
    await start("hosted");
    const refusal = await imagineAnswer(h, h.world.alice, "a NUDE statue in a garden");
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toContain("`nude` is on the starter list of words Midjourney refuses");
    expect(textOf(refusal)).toContain("a NUDE statue in a garden");
    expect(createRequests()).toBe(0);
    expect(h.emu.messagesIn(h.world.general)).toEqual([]);
  });

  test("a listed plural in a DM is refused the same way, and nothing is sent", async () => {
    await start("self-hosted");
    const answer = await dmAnswer("three nudes by a lake");
    expect(textOf(answer)).toMatch(/`nudes?` is on the starter list of words Midjourney refuses/);
    expect(createRequests()).toBe(0);
  });

  test("a word of the owner's list in a DM speaks of the bot, not of a server", async () => {
    await start("hosted", { env: { BANNED_WORDS: "kraken" } });
    const answer = await dmAnswer("a kraken at sea");
    expect(textOf(answer)).toContain("`kraken` is on this bot's list of banned words");
    expect(textOf(answer)).not.toMatch(/this server/i);
    expect(createRequests()).toBe(0);
  });

  test("MIDJOURNEY_BANNED_WORDS=off sends the prompt", async () => {
    await start("hosted", { env: { MIDJOURNEY_BANNED_WORDS: "off" } });
    await startImagine(h, { prompt: "a nude statue in a garden" });
    expect(createRequests()).toBe(1);
  });

  test("an innocent word that contains a listed one is sent", async () => {
    await start("hosted");
    await startImagine(h, { prompt: "a category of gorgeous heroines in Scunthorpe" });
    expect(createRequests()).toBe(1);
  });
});

describe.each(["hosted", "self-hosted"] as const)("on a %s server", (profile) => {
  test.each([
    ["a cat --video", "`--video`"],
    ["a cat walking --motion high", "`--motion`"],
    ["a cat --loop", "`--loop`"],
  ])("%j is refused privately naming the parameter, with no create", async (prompt, named) => {
    await start(profile);
    const refusal = await imagineAnswer(h, h.world.alice, prompt);
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toContain(`${named} asks Midjourney for a video`);
    expect(createRequests()).toBe(0);
  });

  test("an unknown future parameter still passes", async () => {
    await start(profile);
    await startImagine(h, { prompt: "a cat --future 3" });
    expect(createRequests()).toBe(1);
  });
});

describe("--relax", () => {
  test("is refused privately on a self-hosted server, naming the speeds it can run, with no create", async () => {
    await start("self-hosted");
    const refusal = await imagineAnswer(h, h.world.alice, "a calm lake --relax");
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toContain(
      "`--relax` can't be used: this bot's image server cannot follow that speed",
    );
    expect(textOf(refusal)).toContain("`--fast`, `--turbo`");
    expect(createRequests()).toBe(0);
  });

  test("is sent to a hosted server", async () => {
    await start("hosted");
    await startImagine(h, { prompt: "a calm lake --relax" });
    expect(createRequests()).toBe(1);
  });

  test("a self-hosted job failing in the account's relax mode reaches the member as plain words, and the owner's log says what to switch", async () => {
    await start("self-hosted", { service: { lifecycle: { accountMode: "relax" } } });
    const job = await startImagine(h, { prompt: "a calm lake" });
    h.service.advance();
    const failed = await waitForResult(h, job.record.id, (m) => /relax mode/.test(textOf(m)));
    expect(textOf(failed)).toContain(
      "The image service's Midjourney account is in relax mode, which this image server cannot follow",
    );
    expect(textOf(failed)).not.toContain("(relaxed)");
    expect(textOf(failed)).not.toContain("<@1100000000000000042>");
    const ownerLines = h.logs.lines.filter((line) => line.includes("switch the server's Midjourney account"));
    expect(ownerLines).toHaveLength(1);
  });
});

describe("an out-of-date self-hosted server", () => {
  test("is named after three failures in a row: the third job, /imagine-status and one owner's log line say it needs updating", async () => {
    await start("self-hosted", { service: { lifecycle: { outdated: true } } });
    const texts: string[] = [];
    for (const prompt of ["a red kite", "a blue kite", "a green kite"]) {
      const job = await startImagine(h, { prompt });
      h.service.advance();
      const failed = await waitForResult(h, job.record.id);
      texts.push(textOf(failed));
      if (prompt === "a green kite") expect(buttonsOf(failed).map((b) => b.label)).not.toContain("Try again");
    }
    expect(texts[0]).not.toContain("probably needs updating");
    expect(texts[2]).toContain("Its ImagineAPI probably needs updating");
    expect(texts[2]).toContain("Trying again won't help until the server is updated.");

    const status = await serviceStatusText(h);
    expect(status).toContain("This server's ImagineAPI probably needs updating: its last 3 jobs failed");
    expect(status).toContain("`Image not sent to API`");
    expect(h.logs.lines.filter((line) => line.includes("probably needs updating"))).toHaveLength(1);

    h.service.lifecycle.outdated = false;
    const healthy = await startImagine(h, { prompt: "a yellow kite" });
    h.service.completeNow(healthy.record.id);
    await waitForResult(h, healthy.record.id);
    expect(await serviceStatusText(h)).not.toContain("probably needs updating");
  });

  test("a hosted server failing the same way is not named out of date", async () => {
    await start("hosted", { service: { lifecycle: { outdated: true } } });
    for (const prompt of ["a red kite", "a blue kite", "a green kite"]) {
      const job = await startImagine(h, { prompt });
      h.service.advance();
      await waitForResult(h, job.record.id);
    }
    expect(await serviceStatusText(h)).not.toContain("probably needs updating");
  });
});
