import { describe, expect, test } from "vitest";
import { problemsOf } from "./support/config-problems.js";
import { parseConfig, requireClientId } from "../src/config.js";

const required = {
  DISCORD_TOKEN: "bot-token-value",
  IMAGINE_API_URL: "https://cl.imagineapi.dev/",
  IMAGINE_API_TOKEN: "service-token-value",
};

describe("configuration", () => {
  test("an empty environment names every required variable in one message, and points to the demo", () => {
    let message = "";
    try {
      parseConfig({});
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/not configured correctly/);
    for (const name of ["DISCORD_TOKEN", "IMAGINE_API_URL", "IMAGINE_API_TOKEN"])
      expect(message).toContain(name);
    expect(message).toContain(".env.example");
    expect(message).toContain(
      "To try the bot first, with no Discord application or image service: npm run demo",
    );
    expect(message).not.toMatch(/\bat \w+ \(/); // no stack trace
  });

  test("defaults apply when only the required variables are set, and the base URL loses its trailing slash", () => {
    const config = parseConfig(required);
    expect(config).toMatchObject({
      DISCORD_API_URL: "https://discord.com/api",
      IMAGINE_API_URL: "https://cl.imagineapi.dev",
      DATABASE_PATH: "./data/imagine-bot.db",
      POLL_INTERVAL_MS: 3000,
      JOB_TIMEOUT_MS: 1_200_000,
      PROGRESS_UPDATE_INTERVAL_MS: 3000,
      IMAGE_DELIVERY: "auto",
      LOG_LEVEL: "info",
      PROMPT_MAX_LENGTH: 2000,
      USER_MAX_ACTIVE_JOBS: 2,
      GUILD_MAX_ACTIVE_JOBS: 10,
      USER_DAILY_IMAGES: 0,
      HEAP_GROWTH_PERCENT: 40,
      // The kind of server is found out, not asked of the owner.
      IMAGINE_API_REF: "auto",
      IMAGINE_API_UPSCALE: "auto",
    });
    expect(config.HTTP_PORT).toBeUndefined();
    expect(config.WEBHOOK_SECRET).toBeUndefined();
  });

  test("blank values (as copied from .env.example) count as unset", () => {
    const config = parseConfig({ ...required, HTTP_PORT: "", POLL_INTERVAL_MS: "  ", DISCORD_GUILD_ID: "" });
    expect(config.HTTP_PORT).toBeUndefined();
    expect(config.POLL_INTERVAL_MS).toBe(3000);
    expect(config.DISCORD_GUILD_ID).toBeUndefined();
  });

  test.each([
    ["POLL_INTERVAL_MS", "fast", /POLL_INTERVAL_MS must be a whole number \(got "fast"\)/],
    ["POLL_INTERVAL_MS", "10", /POLL_INTERVAL_MS must be at least 100/],
    ["JOB_TIMEOUT_MS", "1.5", /JOB_TIMEOUT_MS must be a whole number/],
    ["IMAGE_DELIVERY", "email", /IMAGE_DELIVERY must be one of auto, link, attach/],
    ["IMAGINE_API_REF", "always", /IMAGINE_API_REF must be one of auto, send, omit \(got "always"\)/],
    ["IMAGINE_API_UPSCALE", "yes", /IMAGINE_API_UPSCALE must be one of auto, on, off/],
    ["HTTP_PORT", "70000", /HTTP_PORT must be at most 65535/],
    ["IMAGINE_API_URL", "ftp://example.com", /IMAGINE_API_URL must be an http\(s\) URL/],
    ["DISCORD_API_URL", "not a url", /DISCORD_API_URL must be an http\(s\) URL/],
    ["DISCORD_GUILD_ID", "my-server", /DISCORD_GUILD_ID must be a Discord id/],
    ["WEBHOOK_SECRET", "short", /WEBHOOK_SECRET must be at least 16 characters/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL must be one of/],
    ["PROMPT_MAX_LENGTH", "7000", /PROMPT_MAX_LENGTH must be at most 6000/],
    ["HEAP_GROWTH_PERCENT", "-5", /HEAP_GROWTH_PERCENT must be at least 0/],
  ])("%s=%s is refused with a message saying what is expected", (name, value, expected) => {
    const problems = problemsOf({ ...required, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(expected);
  });

  test("several problems are listed together", () => {
    const problems = problemsOf({ DISCORD_TOKEN: "x", POLL_INTERVAL_MS: "x", IMAGE_DELIVERY: "x" });
    expect(problems.map((p) => p.split(" ")[0])).toEqual([
      "IMAGINE_API_URL",
      "IMAGINE_API_TOKEN",
      "POLL_INTERVAL_MS",
      "IMAGE_DELIVERY",
    ]);
  });

  test("a secret's value is never repeated in the message", () => {
    const problems = problemsOf({ ...required, WEBHOOK_SECRET: "has spaces in it!!" });
    expect(problems.join("\n")).not.toContain("has spaces");
  });

  test.each([
    ["postgres://bot:s3cret@db.internal:5432/imagine"],
    ["postgresql://bot@localhost/imagine?sslmode=require"],
  ])("DATABASE_URL=%s selects Postgres; unset or blank it stays unset (SQLite)", (url) => {
    expect(parseConfig({ ...required, DATABASE_URL: ` ${url} ` }).DATABASE_URL).toBe(url);
    expect(parseConfig({ ...required, DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(parseConfig(required).DATABASE_URL).toBeUndefined();
  });

  test.each([
    ["mysql://bot:hunter2-pw@db/imagine"],
    ["http://bot:hunter2-pw@db/imagine"],
    ["bot:hunter2-pw@db/imagine"],
  ])("DATABASE_URL=%s is refused without repeating the value or its password", (url) => {
    const problems = problemsOf({ ...required, DATABASE_URL: url });
    expect(problems).toEqual([
      "DATABASE_URL must be a postgres:// or postgresql:// URL, e.g. postgres://bot:secret@db:5432/imagine",
    ]);
    expect(problems.join("\n")).not.toContain("hunter2");
  });

  test.each([
    [{}, "auto", "auto"],
    [{ DISCORD_SHARD_COUNT: "4", DISCORD_SHARDS: "0, 2" }, 4, [0, 2]],
    [{ DISCORD_SHARD_COUNT: "2" }, 2, "auto"],
    [{ DISCORD_SHARD_COUNT: "AUTO", DISCORD_SHARDS: "auto" }, "auto", "auto"],
  ])("gateway shards %j are read as count %j and shards %j", (env, count, shards) => {
    const config = parseConfig({ ...required, ...env });
    expect([config.DISCORD_SHARD_COUNT, config.DISCORD_SHARDS]).toEqual([count, shards]);
  });

  test.each([
    [{ DISCORD_SHARDS: "0,1" }, /DISCORD_SHARDS needs DISCORD_SHARD_COUNT/],
    [
      { DISCORD_SHARD_COUNT: "2", DISCORD_SHARDS: "1,2" },
      /DISCORD_SHARDS must list ids below DISCORD_SHARD_COUNT \(2\)/,
    ],
    [{ DISCORD_SHARD_COUNT: "2", DISCORD_SHARDS: "first" }, /DISCORD_SHARDS must be auto or shard ids/],
    [{ DISCORD_SHARD_COUNT: "0" }, /DISCORD_SHARD_COUNT must be at least 1/],
    [{ JOB_LEASE_MS: "500" }, /JOB_LEASE_MS must be at least 1000/],
  ])("%j is refused with a message saying what to set", (env, message) => {
    expect(problemsOf({ ...required, ...env }).join("\n")).toMatch(message);
  });

  test("deploy needs DISCORD_CLIENT_ID and says where to find it", () => {
    expect(() => requireClientId(parseConfig(required))).toThrow(
      /DISCORD_CLIENT_ID is required by `npm run deploy`/,
    );
    expect(requireClientId(parseConfig({ ...required, DISCORD_CLIENT_ID: "123456789012345678" }))).toBe(
      "123456789012345678",
    );
  });

  test.each([
    { value: undefined, factors: [] },
    { value: "", factors: [] },
    { value: "2x,4x", factors: ["2x", "4x"] },
    { value: " 4X , 2x,4x ", factors: ["2x", "4x"] },
    { value: "12x,2x,6x", factors: ["2x", "6x", "12x"] },
  ])("ENHANCE_FACTORS $value gives the Enhance factors $factors", ({ value, factors }) => {
    expect(parseConfig({ ...required, ENHANCE_FACTORS: value }).ENHANCE_FACTORS).toEqual(factors);
  });

  test.each([
    { value: "2x,3x,x5", problem: "has unknown factors 3x, x5" },
    { value: "2x,4x,6x,8x,10x,12x", problem: "has 6 factors, more than 5" },
  ])("ENHANCE_FACTORS $value is refused: it $problem", ({ value, problem }) => {
    expect(problemsOf({ ...required, ENHANCE_FACTORS: value })).toEqual([
      `ENHANCE_FACTORS ${problem}: give at most 5 of 2x, 4x, 6x, 8x, 10x, 12x, comma-separated (e.g. 2x,4x), or leave it empty to turn Enhance off (got ${JSON.stringify(value)})`,
    ]);
  });

  test("a fleet-wide cap on the image service needs a shared Postgres database", () => {
    expect(problemsOf({ ...required, SERVICE_FLEET_MAX_CONCURRENCY: "20" })).toEqual([
      'SERVICE_FLEET_MAX_CONCURRENCY needs DATABASE_URL: it caps a fleet of processes sharing Postgres; one process on SQLite is capped by SERVICE_MAX_CONCURRENCY (got "20")',
    ]);
    const fleet = parseConfig({
      ...required,
      DATABASE_URL: "postgres://bot:secret@db:5432/imagine",
      SERVICE_FLEET_MAX_CONCURRENCY: "20",
    });
    expect([fleet.SERVICE_FLEET_MAX_CONCURRENCY, fleet.SERVICE_MAX_CONCURRENCY]).toEqual([20, 8]);
    expect(parseConfig(required).SERVICE_FLEET_MAX_CONCURRENCY).toBeUndefined();
  });
});
