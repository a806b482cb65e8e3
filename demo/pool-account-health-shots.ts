/**
 * Screenshots of account health in a pool, saved where `SHOTS_DIR` says (default docs/), named
 * `account-health-<n>-<what>.png`:
 * 1. a member's job on a server whose account got a notice: not blamed, delivered from another server;
 * 2. the held server's row with Resume in /imagine-status, and the audit channel's lines;
 * 4. a member waiting for servers at their daily budget, told until when, and the moderator's rows;
 * 5. a server that stops answering mid-job, then comes back without the record;
 * 6. /imagine-status in a pool of 3 with one server down and one held.
 * Run: `npx tsx demo/pool-account-health-shots.ts` (ports 7171-7173; DEMO_SHOT_PORT moves them).
 */
import type { Page } from "playwright-core";
import { imagine, openAs, runCommand, waitForMessage } from "./page-steps.js";
import { shootDemo } from "./shot-saver.js";

const PORT = Number(process.env["DEMO_SHOT_PORT"] ?? 7171);

async function control(pageUrl: string, path: string, body?: unknown): Promise<void> {
  const origin = new URL(pageUrl).origin;
  const response = await fetch(`${origin}/_pool/servers/${path}`, {
    method: "POST",
    ...(body === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

async function openChannel(page: Page, name: string): Promise<void> {
  await page.locator("#channel-list li, li", { hasText: name }).first().click();
  await page.waitForTimeout(500);
}

await shootDemo(
  { port: PORT, tickMs: 600, profile: "self-hosted", servers: 3 },
  "account-health-failed-pool-of-3",
  async (page, shot, demo) => {
    await control(demo.pageUrl, "1/notice");
    await openAs(page, demo.pageUrl, "alice");
    await imagine(page, "a lighthouse at dawn");
    await waitForMessage(page, /Finished[\s\S]*a lighthouse at dawn|a lighthouse at dawn[\s\S]*Finished/, {
      timeoutMs: 60_000,
    });
    await page.waitForTimeout(1500);
    await shot(page, "account-health-1-member-not-blamed");

    await openAs(page, demo.pageUrl, "mod");
    await runCommand(page, "imagine-status");
    await waitForMessage(page, "held until a moderator resumes it");
    await page.waitForTimeout(800);
    await shot(page, "account-health-2-held-row-resume");

    await control(demo.pageUrl, "2/stop");
    await page.waitForTimeout(20_000);
    await runCommand(page, "imagine-status");
    await waitForMessage(page, /1 of 3 image servers working/, { timeoutMs: 30_000 });
    await page.waitForTimeout(800);
    await shot(page, "account-health-6-status-one-down-one-held");

    await control(demo.pageUrl, "1/notice", { text: null });
    await page
      .getByRole("button", { name: /Resume/ })
      .last()
      .click();
    await waitForMessage(page, "takes jobs again");
    await openChannel(page, "imagine-audit");
    await waitForMessage(page, /resumed/);
    await page.waitForTimeout(800);
    await shot(page, "account-health-2-audit-channel");
  },
);

await shootDemo(
  { port: PORT + 1, tickMs: 1500, profile: "hosted", servers: 2 },
  "account-health-failed-not-answering",
  async (page, shot, demo) => {
    await openAs(page, demo.pageUrl, "alice");
    await imagine(page, "a harbour in the fog");
    await waitForMessage(page, /\d+ ?%/, { timeoutMs: 30_000 });
    await control(demo.pageUrl, "1/stop");
    await waitForMessage(page, "not answering right now", { timeoutMs: 30_000 });
    await page.waitForTimeout(800);
    await shot(page, "account-health-5-not-answering");
    await control(demo.pageUrl, "1/start");
    await page.waitForTimeout(9_000);
    await shot(page, "account-health-5-record-gone");
  },
);

await shootDemo(
  {
    port: PORT + 2,
    tickMs: 600,
    profile: "hosted",
    servers: 2,
    env: { IMAGINE_API_DAILY_LIMIT: "1", IMAGINE_API_DAILY_LIMIT_2: "1" },
  },
  "account-health-failed-paced",
  async (page, shot, demo) => {
    for (const [user, prompt] of [
      ["alice", "a red kite"],
      ["alice", "a blue kite"],
      ["bob", "a green kite"],
    ] as const) {
      await openAs(page, demo.pageUrl, user);
      await imagine(page, prompt);
      await waitForMessage(page, prompt);
      await page.waitForTimeout(700);
    }
    await waitForMessage(page, "made today's share of images");
    await page.waitForTimeout(1000);
    await shot(page, "account-health-4-waiting-at-budget");
    await openAs(page, demo.pageUrl, "mod");
    await runCommand(page, "imagine-status");
    await waitForMessage(page, "today's share used until");
    await shot(page, "account-health-4-status-at-budget");
  },
);
