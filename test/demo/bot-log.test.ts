import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { botProblems, followBotLog } from "../../demo/bot-log.js";
import type { LogLine } from "../../tools/bot-process/bot-process.js";

const line = (level: number, msg: string, extra: object = {}): LogLine => ({
  level,
  msg,
  raw: JSON.stringify({ level, msg, ...extra }),
  ...extra,
});

test("the demo writes the bot's whole log to a file and tells its warnings and errors on the terminal", async () => {
  const dir = await mkdtemp(join(tmpdir(), "bot-log-"));
  try {
    const file = join(dir, "bot.log");
    const logs = [line(30, "bot running")];
    const told: string[] = [];
    const stop = followBotLog(logs, file, (l) => told.push(l));
    logs.push(line(40, "poll failed"), line(50, "interaction failed", { err: { message: "boom" } }));
    stop();
    expect(told).toEqual(["[bot warn] poll failed", "[bot error] interaction failed: boom"]);
    expect((await readFile(file, "utf8")).trim().split("\n")).toHaveLength(3);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the page's Bot log drawer lists only the warnings and errors, with their time and the error's message", () => {
  const logs = [
    line(30, "bot running", { time: 1 }),
    line(40, "poll failed", { time: 2 }),
    line(50, "interaction failed", { time: 3, err: { message: "boom" } }),
  ];
  expect(botProblems(logs)).toEqual([
    { time: 2, level: "warn", text: "poll failed" },
    { time: 3, level: "error", text: "interaction failed: boom" },
  ]);
  expect(botProblems(logs, 1)).toHaveLength(1);
});
