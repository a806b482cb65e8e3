import { afterEach, expect, test } from "vitest";
import { startProcessWorld, type ProcessWorld } from "../support/bot-process.js";

let w: ProcessWorld;
afterEach(async () => {
  await w?.stop();
});

test("probe", async () => {
  w = await startProcessWorld();
  const t0 = Date.now();
  const bot = await w.startBot();
  console.log("started in", Date.now() - t0);
  const t1 = Date.now();
  bot.kill("SIGTERM");
  const exit = await bot.exited;
  console.log("stopped in", Date.now() - t1, exit, bot.logs.slice(-5).map((l) => l.raw));
  expect(exit.code).toBe(0);
});
