/**
 * Screenshots of jobs waiting in the bot's line (demo `--servers 2`, both servers stopped from the pool's
 * control API), saved where `SHOTS_DIR` says (default docs/): the waiting messages with their place, the
 * moderator's /imagine-status rows, and the message of a job that waited its time limit (a short
 * `JOB_TIMEOUT_MS` here) without a free server.
 * Run: `SHOTS_DIR=/tmp/shots npx tsx demo/pool-waiting-shots.ts`.
 */
import { imagine, openAs, runCommand, waitForMessage } from "./page-steps.js";
import { shootDemo } from "./shot-saver.js";

/** Long enough to take the waiting shots, short enough to wait for the end. */
const JOB_TIMEOUT_MS = 45_000;

await shootDemo(
  { port: 0, tickMs: 600, servers: 2, env: { JOB_TIMEOUT_MS: String(JOB_TIMEOUT_MS) } },
  "pool-waiting-failed",
  async (page, shot, demo) => {
    const pageOrigin = new URL(demo.pageUrl).origin;
    for (const n of [1, 2]) await fetch(`${pageOrigin}/_pool/servers/${n}/stop`, { method: "POST" });
    // Until its status checks (kept 15 s; a refused connection is retried) find both servers gone, the bot
    // would still send a job to one: a moderator's /imagine-status asks them again.
    await page.waitForTimeout(16_000);
    await openAs(page, demo.pageUrl, "mod");
    await runCommand(page, "imagine-status");
    await page.waitForTimeout(10_000);
    await openAs(page, demo.pageUrl, "alice");
    await imagine(page, "a lighthouse at dusk, oil painting");
    await waitForMessage(page, "line, number 1,");
    // Later than Alice's, so Bob's job is still waiting when hers reaches the limit.
    await page.waitForTimeout(15_000);
    await openAs(page, demo.pageUrl, "bob");
    await imagine(page, "a paper boat on a pond");
    await waitForMessage(page, "line, number 2,");
    await shot(page, "pool-waiting");
    await openAs(page, demo.pageUrl, "mod");
    await runCommand(page, "imagine-status");
    const status = await waitForMessage(page, "2 jobs waiting in the bot's line");
    await status.scrollIntoViewIfNeeded();
    await shot(page, "pool-waiting-status");
    // One waiting job in full, looked up by the request id its footer shows.
    const footer = await page
      .getByText(/^Job \d+$/)
      .first()
      .textContent();
    await runCommand(page, "imagine-status", { job: /Job (\d+)/.exec(footer ?? "")?.[1] ?? "" });
    await (await waitForMessage(page, "🔎 Job")).scrollIntoViewIfNeeded();
    await shot(page, "pool-waiting-details");
    await openAs(page, demo.pageUrl, "alice");
    await waitForMessage(page, "No image server was free", { timeoutMs: JOB_TIMEOUT_MS + 15_000 });
    // Bob's job moves up.
    await waitForMessage(page, "line, number 1,");
    await page.waitForFunction(
      `![...document.querySelectorAll("article.message")].some((a) => /line, number 2,/.test(a.textContent ?? ""))`,
    );
    await shot(page, "pool-wait-expired");
    // A moderator reads why it ended: it waited its whole limit in the bot's line, nothing was sent.
    const expired = await (
      await waitForMessage(page, "No image server was free")
    )
      .getByText(/^Job \d+$/)
      .textContent();
    await openAs(page, demo.pageUrl, "mod");
    await runCommand(page, "imagine-status", { job: /Job (\d+)/.exec(expired ?? "")?.[1] ?? "" });
    await (await waitForMessage(page, "for its whole time limit")).scrollIntoViewIfNeeded();
    await shot(page, "pool-wait-expired-details");
  },
);
