import { describe, expect, test } from "vitest";
import { gridButtonCodec } from "../../src/custom-ids/grid-button-id.js";
import {
  actionButton,
  jobFooter,
  pingOnly,
  promptBlock,
  requestFields,
  rerollButton,
  userMention,
} from "../../src/render/message-parts.js";
import { JOB_ID, REQUESTER_ID } from "./helpers.js";
import { english } from "../../src/i18n/translate.js";
import { readPrompt } from "../../src/prompt/prompt.js";

describe("userMention", () => {
  test.each([
    [REQUESTER_ID, `<@${REQUESTER_ID}>`],
    ["", ""],
    ["everyone", ""],
    ["123> @everyone <@1", ""],
  ])("mentions %j as %j", (id, expected) => {
    expect(userMention(id)).toBe(expected);
  });
});

describe("pingOnly", () => {
  test("lets only the requester be pinged", () => {
    expect(pingOnly(REQUESTER_ID)).toEqual({ parse: [], users: [REQUESTER_ID], repliedUser: false });
  });

  test("pings nobody for an id that is not a user id", () => {
    expect(pingOnly("@everyone")).toEqual({ parse: [], users: [], repliedUser: false });
  });
});

describe("promptBlock", () => {
  test.each([
    ["a *bold* cat", 100, "**Prompt**\na \\*bold\\* cat"],
    ["", 100, "**Prompt**\n*(empty prompt)*"],
    ["abcdefghij", 5, "**Prompt**\nabcd…"],
    // More like this (an image prompt, then the grid's words): a short link, not the image's address.
    [
      "https://cdn.example/img/u2.png a red fox --ar 3:2",
      500,
      "**Prompt**\n[🖼️ image](https://cdn.example/img/u2.png) a red fox --ar 3:2",
    ],
    [
      "https://a.example/1.png https://a.example/2.png two cats",
      500,
      "**Prompt**\n[🖼️ image](https://a.example/1.png) [🖼️ image](https://a.example/2.png) two cats",
    ],
    // A URL a masked link cannot hold, or one among the words, stays as written.
    ["https://a.example/(1).png a cat", 500, "**Prompt**\nhttps://a.example/(1).png a cat"],
    ["a cat like https://a.example/1.png", 500, "**Prompt**\na cat like https://a.example/1.png"],
  ])("shows %j (at most %d characters)", (prompt, max, expected) => {
    expect(promptBlock(english, prompt, max)).toBe(expected);
  });
});

describe("jobFooter", () => {
  test.each([
    [JOB_ID, { text: `Job ${JOB_ID}` }],
    [null, undefined],
    ["", undefined],
  ])("names the job %j", (jobId, expected) => {
    expect(jobFooter(english, jobId)).toEqual(expected);
  });
});

describe("requestFields", () => {
  test("shows who asked and when, as a relative timestamp", () => {
    expect(
      requestFields(english, {
        requesterId: REQUESTER_ID,
        prompt: readPrompt("x"),
        jobId: null,
        startedAt: 1_714_557_600_000,
      }),
    ).toEqual([
      { name: "Requested by", value: `<@${REQUESTER_ID}>`, inline: true },
      { name: "Started", value: "<t:1714557600:R>", inline: true },
    ]);
  });

  test("once the job ended, says when it was requested (absolute) and how long it took instead", () => {
    const started = 1_714_557_600_000;
    expect(
      requestFields(english, {
        requesterId: REQUESTER_ID,
        prompt: readPrompt("x"),
        jobId: null,
        startedAt: started,
        finishedAt: started + 185_000,
      }),
    ).toEqual([
      { name: "Requested by", value: `<@${REQUESTER_ID}>`, inline: true },
      { name: "Requested", value: "<t:1714557600:f>", inline: true },
      { name: "Finished", value: "in 3 min 5 s", inline: true },
    ]);
  });

  test("leaves out what it cannot show", () => {
    expect(
      requestFields(english, {
        requesterId: "nobody",
        prompt: readPrompt("x"),
        jobId: null,
        startedAt: Number.NaN,
      }),
    ).toEqual([]);
  });
});

describe("buttons", () => {
  test("an action button carries its action in the custom id", () => {
    const button = actionButton(
      { action: "upscale", jobId: JOB_ID, index: 2, requesterId: REQUESTER_ID },
      { label: "U3", disabled: true },
    );
    expect(button).toEqual({
      type: 2,
      style: 2,
      custom_id: `imagine:u:${JOB_ID}:2:${REQUESTER_ID}`,
      label: "U3",
      disabled: true,
    });
  });

  test("the reroll button shows 🔄 and an optional label", () => {
    const button = rerollButton(JOB_ID, REQUESTER_ID, "Try again");
    expect(button).toMatchObject({ emoji: { name: "🔄" }, label: "Try again" });
    expect(button && "custom_id" in button && gridButtonCodec.decode(button.custom_id)).toEqual({
      action: "reroll",
      jobId: JOB_ID,
      requesterId: REQUESTER_ID,
    });
  });

  test.each([null, "has:colon", "x".repeat(65)])("there is no button for the job id %j", (jobId) => {
    expect(rerollButton(jobId, REQUESTER_ID)).toBeNull();
  });
});
