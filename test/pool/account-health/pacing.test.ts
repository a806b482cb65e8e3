import { describe, expect, test } from "vitest";
import { paceAt, parseRestHours, restEndsAt, ServerPacer } from "../../../src/pool/account-health/pacing.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-11-28 12:00 UTC. */
const NOON = Date.UTC(2026, 10, 28, 12, 0);

describe("pacing an account like a person", () => {
  test("a server at its daily budget takes no job until its oldest create of the 24 hours is a day old", () => {
    const creates = [NOON - 20 * HOUR, NOON - 10 * HOUR, NOON - HOUR];
    expect(paceAt({ dailyLimit: 3 }, creates, 0, NOON)).toEqual({
      open: false,
      reason: "budget",
      until: NOON - 20 * HOUR + DAY,
    });
    expect(paceAt({ dailyLimit: 4 }, creates, 0, NOON)).toEqual({ open: true });
    expect(paceAt({ dailyLimit: 3 }, creates, 0, NOON + 4 * HOUR + 1)).toEqual({ open: true });
  });

  test.each([
    ["01:00-07:00", Date.UTC(2026, 10, 28, 3, 30), Date.UTC(2026, 10, 28, 7, 0)],
    ["22:00-06:00", Date.UTC(2026, 10, 28, 23, 15), Date.UTC(2026, 10, 29, 6, 0)],
    ["22:00-06:00", Date.UTC(2026, 10, 28, 2, 0), Date.UTC(2026, 10, 28, 6, 0)],
    // Berlin is UTC+1 in November: 01:00-07:00 there is 00:00-06:00 UTC.
    ["01:00-07:00 Europe/Berlin", Date.UTC(2026, 10, 28, 5, 0), Date.UTC(2026, 10, 28, 6, 0)],
  ])("rest hours %s: at %d the server rests until %d", (text, now, until) => {
    const rest = parseRestHours(text);
    if (typeof rest === "string") throw new Error(rest);
    expect(restEndsAt(rest, now)).toBe(until);
    expect(paceAt({ restHours: rest }, [], 0, now)).toEqual({ open: false, reason: "resting", until });
  });

  test("outside its rest hours a server takes jobs", () => {
    const rest = parseRestHours("01:00-07:00");
    if (typeof rest === "string") throw new Error(rest);
    expect(paceAt({ restHours: rest }, [], 0, NOON)).toEqual({ open: true });
  });

  test.each(["1-7", "25:00-07:00", "01:00-01:00", "01:00-07:00 Mars/Olympus"])(
    "rest hours %j are refused with a sentence saying why",
    (text) => {
      expect(typeof parseRestHours(text)).toBe("string");
    },
  );

  test("two creates are at least the least gap apart, plus up to half of it at random", () => {
    const pacer = new ServerPacer({ minGapMs: 10_000 }, () => 0.999);
    pacer.created(NOON);
    expect(pacer.state(NOON + 10_000)).toEqual({ open: false, reason: "gap", until: NOON + 14_995 });
    expect(pacer.state(NOON + 14_995)).toEqual({ open: true });
    const steady = new ServerPacer({ minGapMs: 10_000 }, () => 0);
    steady.created(NOON);
    expect(steady.state(NOON + 10_000)).toEqual({ open: true });
  });

  test("a server without pacing is always open, and counts its creates of the day", () => {
    const pacer = new ServerPacer({});
    pacer.created(NOON - DAY - 1);
    pacer.created(NOON - 1);
    expect(pacer.state(NOON)).toEqual({ open: true });
    expect(pacer.today(NOON)).toBe(1);
  });
});
