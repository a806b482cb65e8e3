import { describe, expect, test } from "vitest";
import { UserError } from "../../src/errors.js";
import { parsePrompt } from "../../src/prompt/parse-prompt.js";
import { readPrompt } from "../../src/prompt/prompt.js";
import { promptToSend, REFRESH_MARGIN_MS, type RefreshLinks } from "../../src/prompt/prompt-to-send.js";

const NOW = Date.UTC(2026, 0, 1);

/** A signed attachment link of Discord's that expires at `expiresAt`. */
function signedLink(name: string, expiresAt: number): string {
  const ex = Math.floor(expiresAt / 1000).toString(16);
  return `https://cdn.discordapp.com/attachments/1/2/${name}.png?ex=${ex}&is=0&hm=abc`;
}

/** Refreshes every link it is asked for, recording what it was asked. */
function refresher(asked: string[][], fresh: (url: string) => string | undefined): RefreshLinks {
  return (urls) => {
    asked.push([...urls]);
    const map = new Map<string, string>();
    for (const url of urls) {
      const f = fresh(url);
      if (f !== undefined) map.set(url, f);
    }
    return Promise.resolve(map);
  };
}

describe("the prompt a job is sent with", () => {
  test("gets the server's default parameters it does not set, and Discord is asked nothing when no link is stale", async () => {
    const asked: string[][] = [];
    const link = signedLink("a", NOW + 2 * REFRESH_MARGIN_MS);
    const sent = await promptToSend(readPrompt(`${link} a fox --ar 2:3`), {
      defaultParameters: "--ar 16:9 --relax",
      refreshLinks: refresher(asked, () => undefined),
      now: NOW,
    });
    expect(sent.text).toBe(`${link} a fox --ar 2:3 --relax`);
    expect(sent.speed).toBe("relax");
    expect(sent.parts).toEqual(parsePrompt(sent.text));
    expect(asked).toEqual([]);
  });

  test("has a link about to expire exchanged for a fresh one, in its text and in its parts alike", async () => {
    const asked: string[][] = [];
    const stale = signedLink("old", NOW + REFRESH_MARGIN_MS / 2);
    const fresh = signedLink("new", NOW + 24 * REFRESH_MARGIN_MS);
    const sent = await promptToSend(readPrompt(`${stale} a fox --fast`), {
      defaultParameters: "",
      refreshLinks: refresher(asked, () => fresh),
      now: NOW,
    });
    expect(asked).toEqual([[stale]]);
    expect(sent.text).toBe(`${fresh} a fox --fast`);
    expect(sent.parts).toEqual(parsePrompt(sent.text));
    expect(sent.speed).toBe("fast");
  });

  test("is refused with a clear message when an expired link is not refreshed (its message was deleted)", async () => {
    const expired = signedLink("gone", NOW - 1000);
    const sending = promptToSend(readPrompt(`${expired} a fox`), {
      defaultParameters: "",
      refreshLinks: refresher([], () => undefined),
      now: NOW,
    });
    await expect(sending).rejects.toBeInstanceOf(UserError);
  });
});
