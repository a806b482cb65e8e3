/**
 * Screenshots of a job when every image server is down (demo `--servers 2`, both servers stopped from the
 * pool's control API): the first /imagine after the stop waits in the bot's line saying no image server is
 * reachable (not that every server is busy), the moderator's /imagine-status row says the same, and the job
 * is delivered once server 2 is started again. Saved where `SHOTS_DIR` says (default docs/).
 * Run: `SHOTS_DIR=/tmp/shots npx tsx demo/pool-down-shots.ts`.
 */
import { imagine, openAs, runCommand, waitForMessage } from "./page-steps.js";
import { shootDemo } from "./shot-saver.js";

await shootDemo({ port: 0, tickMs: 600, servers: 2 }, "pool-down-failed", async (page, shot, demo) => {
  const pool = `${new URL(demo.pageUrl).origin}/_pool/servers`;
  // Right after the stop the bot still holds both servers' last status (healthy): the create is refused.
  for (const n of [1, 2]) await fetch(`${pool}/${n}/stop`, { method: "POST" });
  await openAs(page, demo.pageUrl, "alice");
  await imagine(page, "a lighthouse at dusk, oil painting");
  await waitForMessage(page, "No image server is reachable right now", { timeoutMs: 30_000 });
  await shot(page, "pool-down-waiting");
  await openAs(page, demo.pageUrl, "mod");
  await runCommand(page, "imagine-status");
  const status = await waitForMessage(page, "Waiting, number 1 in line: no image server takes jobs");
  await status.scrollIntoViewIfNeeded();
  await shot(page, "pool-down-status");
  await fetch(`${pool}/2/start`, { method: "POST" });
  await openAs(page, demo.pageUrl, "alice");
  await waitForMessage(page, "U1", { timeoutMs: 60_000 });
  await shot(page, "pool-down-delivered");
});
