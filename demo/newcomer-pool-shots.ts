/**
 * Screenshots of the newcomer's points 5 to 7 (issue 40) on a pool of two self-hosted servers, named
 * `s2-40-<point>-<what>.png`: only the speeds the servers run are offered (5); a waiting job says why it waits
 * (both servers answer unhealthy, then one cannot be reached), keeps "⏳ Waiting in line" and its request id
 * until its result, and starts within about 2 s of a server turning healthy (7); a failed job's quoted
 * generator text is a block quote (6). Saved where `SHOTS_DIR` says (default docs/):
 * `SHOTS_DIR=... npx tsx demo/newcomer-pool-shots.ts [port]`.
 */
import { shootDemo } from "./shot-saver.js";
import { imagine, openAs, seeMessage as see } from "./page-steps.js";

const port = Number(process.argv[2] ?? 0);

await shootDemo(
  { port, tickMs: 600, servers: 2, profile: "self-hosted" },
  "s2-40-pool-failed",
  async (page, shot, demo) => {
    const pool = `${new URL(demo.pageUrl).origin}/_pool/servers`;
    const post = (path: string, body?: object) =>
      fetch(`${pool}/${path}`, { method: "POST", ...(body ? { body: JSON.stringify(body) } : {}) });

    // 5: a self-hosted-only bot offers no relax in /settings speed (the choices shown as a list).
    await openAs(page, demo.pageUrl, "alice");
    await page.getByLabel("Command").selectOption("settings speed");
    // The bot's own suggestions as the member types into the speed option: no relax.
    await page.getByLabel("speed", { exact: true }).fill("");
    await page.getByLabel("speed", { exact: true }).pressSequentially(" ");
    await page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first().waitFor();
    await shot(page, "s2-40-5-settings-speed-servable-only");
    await page.getByLabel("speed", { exact: true }).fill("");

    // 7: both servers answer unhealthy: the waiting job says so, not that they are busy or unreachable.
    for (const n of [1, 2]) await post(`${n}/health`, { status: "unhealthy" });
    // The bot keeps a healthy answer 15 s: by then it has asked again.
    await page.waitForTimeout(16_000);
    await imagine(page, "a paper lantern over a river at night");
    await see(page, "Every image server answers but reports a problem");
    await shot(page, "s2-40-7-waiting-every-server-unhealthy");
    await post("2/stop");
    await see(page, "some cannot be reached, the others report a problem", { timeoutMs: 20_000 });
    await shot(page, "s2-40-7-waiting-one-unreachable-one-unhealthy");

    // A server turns healthy: the job starts within about 2 s, its title and id unchanged.
    const footer = await page
      .getByText(/^Job \d+$/)
      .last()
      .textContent();
    const healthyAt = Date.now();
    await post("1/health", { status: "healthy" });
    await page.waitForFunction(
      `[...document.querySelectorAll("article.message")].some((a) =>
        /generator to start|drawing your image/.test(a.textContent ?? ""))`,
      undefined,
      { timeout: 20_000, polling: 50 },
    );
    console.log(`the waiting job started ${Date.now() - healthyAt} ms after server 1 turned healthy`);
    await see(page, /generator to start|drawing your image/);
    await shot(page, "s2-40-7-started-same-title-and-id");
    const done = await see(page, "a paper lantern over a river at night", { image: /\.png(\?|$)/ });
    await done.getByText(footer ?? "Job").scrollIntoViewIfNeeded();
    await shot(page, "s2-40-7-result-same-request-id");
    console.log(
      `footer while waiting: ${footer}; on the result: ${await done.locator(".embed-footer").textContent()}`,
    );

    // 6: a failed job's quoted text from the image service is a block quote, not a literal ">" (server 1 fails
    // every job with a text the bot does not know; server 2 is still stopped).
    await post("1/notice", { text: "Job failed: the upstream worker exited (code 137) > retry later" });
    await imagine(page, "a copper kettle on a stove");
    await see(page, /(generator|service) said/, { timeoutMs: 60_000 });
    await shot(page, "s2-40-6-failed-job-quote");
    await post("1/notice", { text: null });

    // 1: the bot's warnings and errors on the page, and where its whole log is.
    await page.locator("#toggle-botlog").click();
    await page.locator("#botlog li").first().waitFor({ timeout: 10_000 });
    await shot(page, "s2-40-1-bot-log-beside-failed-job");
  },
);
