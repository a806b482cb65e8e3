import { describe, expect, test } from "vitest";
import { problemsOf } from "./support/config-problems.js";
import { parseConfig } from "../src/config.js";
import { DEFAULT_SERVER_SLOTS } from "../src/config-servers.js";

const required = {
  DISCORD_TOKEN: "bot-token-value",
  IMAGINE_API_URL: "https://one.example.com/",
  IMAGINE_API_TOKEN: "token-one-secret",
};

describe("several ImagineAPI servers", () => {
  test("a one-server setup is one server named by its host, with 3 slots (a Basic/Standard account)", () => {
    const config = parseConfig(required);
    expect(DEFAULT_SERVER_SLOTS).toBe(3);
    expect(config.IMAGINE_SERVERS).toEqual([
      {
        number: 1,
        name: "one.example.com",
        url: "https://one.example.com",
        token: "token-one-secret",
        slots: 3,
        slotsGiven: false,
        pacing: {},
      },
    ]);
  });

  test("each server's account is paced by its own variables, unset by default", () => {
    const config = parseConfig({
      ...required,
      IMAGINE_API_URL_2: "https://two.example.com",
      IMAGINE_API_TOKEN_2: "token-two",
      IMAGINE_API_DAILY_LIMIT_2: "300",
      IMAGINE_API_REST_HOURS_2: "01:00-07:00 Europe/Berlin",
      IMAGINE_API_MIN_GAP_MS_2: "20000",
    });
    expect(config.IMAGINE_SERVERS.map((s) => s.pacing)).toEqual([
      {},
      { dailyLimit: 300, minGapMs: 20_000, restHours: { from: 60, to: 420, timeZone: "Europe/Berlin" } },
    ]);
  });

  test("every pacing problem is named by its variable, all in one message", () => {
    expect(() =>
      parseConfig({
        ...required,
        IMAGINE_API_DAILY_LIMIT: "lots",
        IMAGINE_API_REST_HOURS: "night",
        IMAGINE_API_MIN_GAP_MS: "0",
      }),
    ).toThrow(
      /IMAGINE_API_DAILY_LIMIT must be[\s\S]*IMAGINE_API_MIN_GAP_MS must be[\s\S]*IMAGINE_API_REST_HOURS must be HH:MM-HH:MM/,
    );
  });

  test("numbered servers follow server 1 with their own names and slots", () => {
    const config = parseConfig({
      ...required,
      IMAGINE_API_NAME: "Main",
      IMAGINE_API_SLOTS: "12",
      IMAGINE_API_URL_2: "http://127.0.0.1:8055",
      IMAGINE_API_TOKEN_2: "token-two",
      IMAGINE_API_URL_3: "https://three.example.com",
      IMAGINE_API_TOKEN_3: "token-three",
      IMAGINE_API_NAME_3: "Backup account",
    });
    expect(config.IMAGINE_SERVERS.map((s) => [s.number, s.name, s.url, s.slots])).toEqual([
      [1, "Main", "https://one.example.com", 12],
      [2, "127.0.0.1:8055", "http://127.0.0.1:8055", 3],
      [3, "Backup account", "https://three.example.com", 3],
    ]);
  });

  test("every bad value is named in one message, and no token is shown", () => {
    const problems = problemsOf({
      ...required,
      IMAGINE_API_SLOTS: "0",
      IMAGINE_API_URL_2: "example.com/api",
      IMAGINE_API_TOKEN_2: "token-two-secret",
      IMAGINE_API_TOKEN_3: "token-three-secret",
      IMAGINE_API_URL_5: "https://five.example.com",
      IMAGINE_API_TOKEN_5: "token-five-secret",
      IMAGINE_API_SLOTS_5: "2.5",
      IMAGINE_API_URL_17: "https://x.example.com",
    });
    const text = problems.join("\n");
    expect(text).toMatch(/IMAGINE_API_SLOTS must be a whole number/);
    expect(text).toMatch(/IMAGINE_API_URL_2 must be an http\(s\) URL/);
    expect(text).toMatch(/IMAGINE_API_URL_3 is missing: IMAGINE_API_TOKEN_3 is set/);
    expect(text).toMatch(/IMAGINE_API_URL_5 is set but IMAGINE_API_URL_4 is not/);
    expect(text).toMatch(/IMAGINE_API_SLOTS_5 must be a whole number/);
    expect(text).toMatch(/IMAGINE_API_URL_17: servers are numbered 2 to 16/);
    expect(text).not.toMatch(/secret/);
  });

  test.each([
    [
      "a URL without its token",
      { IMAGINE_API_URL_2: "https://two.example.com" },
      /IMAGINE_API_TOKEN_2 is missing/,
    ],
    ["a name for a server that is not there", { IMAGINE_API_NAME_2: "Two" }, /IMAGINE_API_NAME_2 set, but/],
    [
      "two servers with one name",
      { IMAGINE_API_URL_2: "https://one.example.com/v2", IMAGINE_API_TOKEN_2: "t2" },
      /IMAGINE_API_NAME_2: server 2 is named "one.example.com" like server 1/,
    ],
    ["a number 1", { IMAGINE_API_URL_1: "https://x.example.com" }, /server 1 is IMAGINE_API_URL/],
  ])("%s stops the start", (_, extra, problem) => {
    expect(problemsOf({ ...required, ...extra }).join("\n")).toMatch(problem);
  });

  test("problems of the servers come with the other variables' problems", () => {
    const problems = problemsOf({ IMAGINE_API_URL_2: "https://two.example.com" });
    expect(problems.join("\n")).toMatch(/DISCORD_TOKEN/);
    expect(problems.join("\n")).toMatch(/IMAGINE_API_TOKEN_2 is missing/);
  });
});
