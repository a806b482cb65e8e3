/**
 * Screenshots of issue 32's states on the demo page (headless Chromium), saved where `SHOTS_DIR` says
 * (default docs/): the Midjourney starter list's refusal, a DM refusal, a video parameter, a member paused
 * after Midjourney's refusals and the moderators' list, speeds, and on a self-hosted server `--relax`, the
 * relax failure line explained and an out-of-date server named in /imagine-status.
 * Run: `npx tsx demo/account-safety-shots.ts`.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { ServiceProfile } from "../tools/reference-service/index.js";
import { startDemo, type Demo } from "./demo-stack.js";
import { launchChromium } from "./headless-chromium.js";
import { imagine, openAs, runCommand, waitForMessage } from "./page-steps.js";

const OUT = process.env["SHOTS_DIR"] ?? join(import.meta.dirname, "..", "docs");
await mkdir(OUT, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  console.log(`saved ${name}.png`);
}

async function asMod(page: Page, demo: Demo, key: string, options: Record<string, string> = {}) {
  await openAs(page, demo.pageUrl, "mod");
  await runCommand(page, key, options);
}

async function run(profile: ServiceProfile, steps: (page: Page, demo: Demo) => Promise<void>) {
  const [demo, browser] = await Promise.all([
    startDemo({ port: 0, tickMs: 600, profile }),
    launchChromium({ width: 1280, height: 900 }),
  ]);
  const page = await browser.context.newPage();
  try {
    await steps(page, demo);
  } catch (error) {
    await shot(page, `failed-${profile}`);
    throw error;
  } finally {
    await browser.close();
    await demo.stop();
  }
}

await run("hosted", async (page, demo) => {
  await openAs(page, demo.pageUrl, "alice");
  await imagine(page, "a nude statue in a garden");
  await waitForMessage(page, "words Midjourney does not allow");
  await imagine(page, "a cat walking --motion high");
  await waitForMessage(page, "asks Midjourney for a video");
  await shot(page, "hosted-starter-list-and-video");
  await page.locator("#dm-home").click();
  await runCommand(page, "message", { message: "a forbidden ritual" });
  await waitForMessage(page, "words this bot does not allow");
  await shot(page, "hosted-dm-refusal");

  // Speeds: a default and the speeds allowed, then a prompt without a speed and one with a refused speed.
  await asMod(page, demo, "imagine-config speeds", { default: "turbo", allowed: "fast, turbo" });
  await waitForMessage(page, /--turbo/);
  await shot(page, "hosted-speeds-config");
  await openAs(page, demo.pageUrl, "alice");
  await imagine(page, "a paper boat on a pond");
  await waitForMessage(page, "a paper boat on a pond --turbo", {
    image: /grid\.png(\?|$)/,
    timeoutMs: 40_000,
  });
  await imagine(page, "a paper boat --relax");
  await waitForMessage(page, "is not allowed for your roles");
  await shot(page, "hosted-speeds");

  // Midjourney refuses "dragon" three times: alice is paused.
  demo.world.service.lifecycle.bannedWords = ["dragon"];
  for (const n of [1, 2, 3]) {
    await imagine(page, `a dragon number ${n}`);
    await waitForMessage(page, `a dragon number ${n} --turbo`);
    // Each refusal ends at the service's next tick; the next prompt waits for it (2 jobs at once).
    await page.waitForTimeout(2500);
  }
  await waitForMessage(page, "You can't make images in", { timeoutMs: 30_000 });
  await imagine(page, "a quiet meadow");
  await page.waitForTimeout(1500);
  await shot(page, "hosted-paused-member");
  await asMod(page, demo, "imagine-config paused list");
  await waitForMessage(page, "Paused members");
  await shot(page, "hosted-paused-list");
});

await run("self-hosted", async (page, demo) => {
  await openAs(page, demo.pageUrl, "alice");
  await imagine(page, "a calm lake --relax");
  await waitForMessage(page, "cannot follow that speed");
  demo.world.service.lifecycle.accountMode = "relax";
  await imagine(page, "a calm lake at dawn");
  await waitForMessage(page, "is in relax mode", { timeoutMs: 30_000 });
  await shot(page, "self-hosted-relax");
  demo.world.service.lifecycle.accountMode = "fast";

  demo.world.service.lifecycle.outdated = true;
  for (const color of ["red", "blue", "green"]) {
    await imagine(page, `a ${color} kite`);
    await waitForMessage(page, `a ${color} kite`);
    await page.waitForTimeout(2500);
  }
  await waitForMessage(page, "probably needs updating", { timeoutMs: 30_000 });
  await shot(page, "self-hosted-out-of-date-job");
  await asMod(page, demo, "imagine-status");
  await waitForMessage(page, "This server's ImagineAPI probably needs updating");
  await shot(page, "self-hosted-out-of-date-status");
  await asMod(page, demo, "imagine-config speeds", { default: "relax" });
  await waitForMessage(page, "cannot run");
  await shot(page, "self-hosted-speeds-refused");
});
