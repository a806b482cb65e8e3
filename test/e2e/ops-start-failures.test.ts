/**
 * When the bot cannot start, the person running it reads one clear paragraph on stderr (what is wrong,
 * where, what to do), no stack trace, and the process exits 1 before touching Discord.
 */
import { mkdir, open, writeFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { spawnBot, startProcessWorld, type ProcessWorld } from "../support/bot-process.js";

let w: ProcessWorld;
beforeAll(async () => {
  w = await startProcessWorld();
});
afterAll(async () => {
  await w?.stop();
});

/** Runs the bot with `env` until it exits; returns its exit code, stderr and whether it reached Discord. */
async function runToExit(env: Record<string, string>) {
  const bot = spawnBot(env, w.dataDir);
  const exit = await bot.exited;
  return {
    code: exit.code,
    stderr: bot.stderr(),
    connected: bot.logs.some((l) => l.msg === "connected to Discord"),
  };
}

/** A local port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A stack trace line (`    at fn (file:line:col)`). */
const STACK_LINE = /^\s+at .+/m;

describe("a start that cannot succeed", () => {
  test("a file that is not a database stops the bot with its path, the cause and what to do", async () => {
    const path = join(w.dataDir, "not-a-db", "jobs.db");
    await mkdir(join(w.dataDir, "not-a-db"));
    await writeFile(path, "these are my holiday notes, not a database\n".repeat(200));

    const result = await runToExit(w.env({ DATABASE_PATH: path }));

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The database at ${path} is not a SQLite database`);
    expect(result.stderr).toMatch(/Move it away or set DATABASE_PATH to another file/);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.connected).toBe(false);
  });

  test("a damaged database stops the bot and says to move it and its -wal and -shm files away", async () => {
    const path = join(w.dataDir, "damaged.db");
    const db = new Database(path);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)");
    db.exec("INSERT INTO notes (text) VALUES ('one'), ('two')");
    db.close();
    // Keep the header (so it still looks like SQLite) and scramble the schema page after it.
    const file = await open(path, "r+");
    await file.write(Buffer.alloc(3000, 0xa5), 0, 3000, 100);
    await file.close();

    const result = await runToExit(w.env({ DATABASE_PATH: path }));

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The database at ${path} is damaged`);
    expect(result.stderr).toContain("-wal and -shm");
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.connected).toBe(false);
  });

  test("a database path that cannot be created names the directory and what to check", async () => {
    const blocker = join(w.dataDir, "a-file");
    await writeFile(blocker, "");
    const path = join(blocker, "data", "jobs.db");

    const result = await runToExit(w.env({ DATABASE_PATH: path }));

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot create the directory ${join(blocker, "data")}`);
    expect(result.stderr).toMatch(/may write there/);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  test("a bad configuration lists every problem at once, without echoing secrets", async () => {
    const env = w.env({ POLL_INTERVAL_MS: "soon", IMAGE_DELIVERY: "carrier-pigeon" });
    delete env["DISCORD_TOKEN"];

    const result = await runToExit(env);

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^imagine-bot is not configured correctly:/);
    expect(result.stderr).toMatch(/DISCORD_TOKEN is required/);
    expect(result.stderr).toMatch(/POLL_INTERVAL_MS must be a whole number \(got "soon"\)/);
    expect(result.stderr).toMatch(/IMAGE_DELIVERY must be one of auto, link, attach/);
    expect(result.stderr).not.toContain(w.service.token);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  test("a token Discord refuses says to check DISCORD_TOKEN, without showing the token", async () => {
    const badToken = "MTIzNDU2Nzg5.not-the-real-bot-token.abcdef";
    const result = await runToExit(w.env({ DISCORD_TOKEN: badToken }));

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Discord did not accept the login \(.+\)\. Check DISCORD_TOKEN/);
    expect(result.stderr).not.toContain(badToken);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.connected).toBe(false);
  });

  test("a Discord that cannot be reached says so, naming DISCORD_API_URL", async () => {
    const apiUrl = `http://127.0.0.1:${await closedPort()}/api`;
    const result = await runToExit(w.env({ DISCORD_API_URL: apiUrl }));

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Could not reach Discord at ${apiUrl}`);
    expect(result.stderr).toMatch(/Check the network connection and DISCORD_API_URL\.$/m);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });
});
