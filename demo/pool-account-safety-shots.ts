/**
 * Screenshots of the account protections on a pool (demo `--servers 2`: server 1 hosted, server 2
 * self-hosted), saved where `SHOTS_DIR` says (default docs/): server 2 named out of date in its own row of
 * /imagine-status, while server 1 takes the new jobs.
 * Run: `npx tsx demo/pool-account-safety-shots.ts`.
 */
import { imagine, openAs, runCommand, waitForMessage } from "./page-steps.js";
import { shootDemo } from "./shot-saver.js";

await shootDemo(
  { port: 0, tickMs: 600, profile: "hosted", servers: 2 },
  "pool-failed",
  async (page, shot, demo) => {
    const pageOrigin = new URL(demo.pageUrl).origin;
    const servers = (await (await fetch(`${pageOrigin}/_pool/servers`)).json()) as { url: string }[];
    // Server 2's ImagineAPI no longer drives Midjourney (the reference service's own control route).
    await fetch(`${servers[1]!.url}/_control/lifecycle`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ outdated: true }),
    });
    await openAs(page, demo.pageUrl, "alice");
    for (const n of [1, 2, 3, 4, 5, 6]) {
      await imagine(page, `a kite number ${n}`);
      await waitForMessage(page, `a kite number ${n}`);
      await page.waitForTimeout(1200);
    }
    await waitForMessage(page, "probably needs updating", { timeoutMs: 30_000 });
    await shot(page, "pool-out-of-date-jobs");
    await openAs(page, demo.pageUrl, "mod");
    await runCommand(page, "imagine-status");
    await waitForMessage(page, "This server's ImagineAPI probably needs updating");
    await shot(page, "pool-out-of-date-status");
  },
);
