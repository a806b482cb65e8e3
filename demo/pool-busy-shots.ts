/**
 * A screenshot of a job waiting in the bot's line while every image server is busy (demo `--servers 2`, one
 * slot each, slow jobs): two of Alice's jobs take both slots and Bob's waits, its message saying "⏳ Waiting
 * in line", its place and that every server is busy. Saved where `SHOTS_DIR` says (default docs/).
 * Run: `SHOTS_DIR=/tmp/shots npx tsx demo/pool-busy-shots.ts`.
 */
import { imagine, openAs, waitForMessage } from "./page-steps.js";
import { shootDemo } from "./shot-saver.js";

await shootDemo(
  {
    port: 0,
    tickMs: 5_000,
    servers: 2,
    env: { IMAGINE_API_SLOTS: "1", IMAGINE_API_SLOTS_2: "1", USER_MAX_ACTIVE_JOBS: "5" },
  },
  "pool-busy-failed",
  async (page, shot, demo) => {
    await openAs(page, demo.pageUrl, "alice");
    await imagine(page, "a red fox in the snow");
    await waitForMessage(page, "a red fox in the snow");
    await imagine(page, "a blue heron at dawn");
    await waitForMessage(page, "a blue heron at dawn");
    await openAs(page, demo.pageUrl, "bob");
    await imagine(page, "a paper boat on a pond");
    const waiting = await waitForMessage(page, "Every image server is busy");
    await waiting.scrollIntoViewIfNeeded();
    await shot(page, "pool-busy-waiting");
  },
);
