/**
 * Screenshots of account health on a pool (demo `--servers 2`), saved where `SHOTS_DIR` says (default docs/):
 * server 1's Midjourney account gets Midjourney's block notice (the demo's control): the member's job is made
 * again on server 2 without blame; the moderator sees server 1 held in /imagine-status and resumes it; then,
 * with a daily budget of one image per server, a member waits in line and is told until when.
 * Run: `npx tsx demo/pool-account-health-shots.ts`.
 */
import { imagine, openAs, runCommand, waitForMessage } from "./page-steps.js";
import { shootDemo } from "./shot-saver.js";

await shootDemo(
  { port: 8821, tickMs: 600, profile: "hosted", servers: 2 },
  "pool-account-failed",
  async (page, shot, demo) => {
    const origin = new URL(demo.pageUrl).origin;
    await fetch(`${origin}/_pool/servers/1/notice`, { method: "POST" });
    await openAs(page, demo.pageUrl, "alice");
    await imagine(page, "a lighthouse at dawn");
    await waitForMessage(page, /Finished[\s\S]*a lighthouse at dawn|a lighthouse at dawn[\s\S]*Finished/, {
      timeoutMs: 40_000,
    });
    await page.waitForTimeout(1500);
    await shot(page, "pool-account-notice-member");
    await openAs(page, demo.pageUrl, "mod");
    await runCommand(page, "imagine-status");
    await waitForMessage(page, "held until a moderator resumes it");
    await shot(page, "pool-account-held-status");
    await fetch(`${origin}/_pool/servers/1/notice`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: null }),
    });
    await page
      .getByRole("button", { name: /Resume server-1/ })
      .last()
      .click();
    await waitForMessage(page, "takes jobs again");
    await page.waitForTimeout(800);
    await shot(page, "pool-account-resumed");
  },
);

await shootDemo(
  {
    port: 8822,
    tickMs: 600,
    profile: "hosted",
    servers: 2,
    env: { IMAGINE_API_DAILY_LIMIT: "1", IMAGINE_API_DAILY_LIMIT_2: "1" },
  },
  "pool-account-paced-failed",
  async (page, shot, demo) => {
    // Two members: a member runs at most 2 jobs at a time in the demo.
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
    await shot(page, "pool-account-paced-member");
    await openAs(page, demo.pageUrl, "mod");
    await runCommand(page, "imagine-status");
    await waitForMessage(page, "today's share used until");
    await shot(page, "pool-account-paced-status");
  },
);
