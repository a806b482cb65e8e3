/**
 * /imagine end to end: what the user typed or attached is checked before anything reaches the image
 * service. A refusal is an ephemeral reply that says what to change, never a public "thinking..." message.
 */
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { deployCommands } from "../../commands/index.js";
import type { AttachmentInput } from "../../tools/discord-emulator/world/slash-options.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";

/** Discord's "loading" message flag: a deferred reply still "thinking". */
const LOADING_FLAG = 1 << 7;

/** A real 8x8 PNG. */
const smallPng = await sharp({
  create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 80, b: 40 } },
})
  .png()
  .toBuffer();

async function imagine(h: BotHarness, prompt: string, image?: AttachmentInput) {
  return h.emu.sendSlashCommand({
    name: "imagine",
    options: image ? { prompt, image } : { prompt },
    user: h.world.alice,
    channelId: h.world.general.id,
  });
}

/** Every message in #general, ephemeral ones included, that is still in the "thinking" state. */
function thinkingMessages(h: BotHarness) {
  return h.emu
    .messagesIn(h.world.general.id, { includeEphemeral: true })
    .filter((m) => ((m.flags ?? 0) & LOADING_FLAG) !== 0);
}

function createRequests(h: BotHarness): number {
  return h.service.requests.filter((r) => r.request === "POST /items/images").length;
}

describe("/imagine refuses input the generator cannot use, before sending it", () => {
  const ATTACHMENT_MAX_BYTES = 2000;
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness({
      env: { PROMPT_MAX_LENGTH: "50", ATTACHMENT_MAX_BYTES: String(ATTACHMENT_MAX_BYTES) },
    });
  });
  afterAll(async () => {
    await h?.stop();
  });
  afterEach(() => {
    expect(h.service.records()).toEqual([]);
    expect(createRequests(h)).toBe(0);
    expect(thinkingMessages(h)).toEqual([]);
    h.emu.assertNoRejectedRequests();
  });

  test.each([
    { what: "a whitespace-only prompt", prompt: "   \t  ", says: /Your prompt is empty: describe the image/ },
    {
      what: "a prompt of only zero-width and filler characters",
      prompt: "\u200b\u200c\u200d \u2060\u3164\u2800\u00ad\ufe0f",
      says: /^Your prompt is empty: describe the image you want/,
    },
    {
      what: "a permutation",
      prompt: "a {red, blue} bird on a wire",
      says: /`\{red, blue\}` is a permutation, which is not supported here.*Run `\/imagine` once for each option/s,
    },
    {
      what: "--repeat",
      prompt: "a red bird --repeat 3",
      says: /`--repeat` is not supported here: it starts several jobs at once/,
    },
    {
      what: "an aspect ratio that is not whole numbers",
      prompt: "a red bird --ar 16:9.5",
      says: /`--ar 16:9\.5` is not valid: use whole numbers as width:height, e\.g\. `--ar 16:9`/,
    },
    {
      what: "--chaos above 100",
      prompt: "a red bird --chaos 150",
      says: /`--chaos 150` is not valid: use a whole number from 0 to 100/,
    },
    {
      what: "--stylize above 1000",
      prompt: "a red bird --stylize 5000",
      says: /`--stylize 5000` is not valid: use a whole number from 0 to 1000/,
    },
    {
      what: "--weird above 3000",
      prompt: "a red bird --weird 4000",
      says: /`--weird 4000` is not valid: use a whole number from 0 to 3000/,
    },
    {
      what: "a negative --seed",
      prompt: "a red bird --seed -1",
      says: /`--seed -1` is not valid: use a whole number from 0 to 4294967295/,
    },
    {
      what: "--iw above 3",
      prompt: "a red bird --iw 5",
      says: /`--iw 5` is not valid: use a number from 0 to 3/,
    },
    {
      what: "an unknown --v",
      prompt: "a red bird --v 99",
      says: /`--v 99` is not valid: use one of 1, 2, .*e\.g\. `--v 7`/,
    },
    {
      what: "an unknown --niji",
      prompt: "a red bird --niji 2",
      says: /`--niji 2` is not valid: use one of 4, 5, 6, 7/,
    },
  ])("$what gets an ephemeral reply saying what to change", async ({ prompt, says }) => {
    const handle = await imagine(h, prompt);
    const reply = await handle.waitForResponse();

    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toMatch(says);
    expect(handle.acknowledgement()).toMatchObject({ type: 4, ephemeral: true });
  });

  test.each([
    {
      what: "an attachment that is not an image",
      image: { filename: "notes.txt", bytes: "just some words", contentType: "text/plain" },
      says: /`notes\.txt` \(`text\/plain`\) cannot be used as an image prompt: attach a PNG, JPEG, WebP or GIF image/,
    },
    {
      what: "an image larger than ATTACHMENT_MAX_BYTES",
      image: {
        filename: "big.png",
        bytes: Buffer.concat([smallPng, Buffer.alloc(ATTACHMENT_MAX_BYTES)]),
        contentType: "image/png",
      },
      says: /`big\.png` is \d+ KB, which is too large: an image prompt can be at most 1 KB\. Attach a smaller image/,
    },
    {
      what: "an image whose link makes the prompt longer than PROMPT_MAX_LENGTH",
      image: { filename: "ref.png", bytes: smallPng, contentType: "image/png" },
      says: /over the limit of 50 \(the image link counts too\)\. Shorten it by at least \d+ characters/,
    },
  ])("$what gets an ephemeral reply saying what to change", async ({ image, says }) => {
    const handle = await imagine(h, "the same scene as a watercolor painting", image);
    const reply = await handle.waitForResponse();

    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toMatch(says);
  });

  test("a prompt over PROMPT_MAX_LENGTH (commands registered before the limit was lowered) says how much to cut", async () => {
    await deployCommands({ ...h.config, PROMPT_MAX_LENGTH: 6000 });
    const handle = await imagine(h, "a lighthouse on a cliff at dusk, oil painting, warm light");
    const reply = await handle.waitForResponse();

    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toMatch(
      /Your prompt is 57 characters long, 7 over the limit of 50\. Shorten it by at least 7 characters\./,
    );
  });
});

describe("/imagine refusals by the bot's own rules are ephemeral too", () => {
  let h: BotHarness;
  afterEach(async () => {
    expect(h.service.records()).toEqual([]);
    expect(thinkingMessages(h)).toEqual([]);
    h.emu.assertNoRejectedRequests();
    await h?.stop();
  });

  test("a prompt with a word on the bot's banned list is refused privately", async () => {
    h = await startBotHarness({ env: { BANNED_WORDS: "dragon" } });
    const reply = await (await imagine(h, "a Dragon over the city")).waitForResponse();

    expect(reply.ephemeral).toBe(true);
    // Only the requester reads it: the word, whose list it is, and their prompt to copy.
    expect(textOf(reply)).toMatch(/dragon.* is on the bot owner's list of banned words/i);
    expect(textOf(reply)).toContain("a Dragon over the city");
  });

  test("while the service reports itself paused, /imagine is refused privately with the service's reason", async () => {
    h = await startBotHarness();
    h.service.setHealth("paused", "Midjourney is down for maintenance");
    const reply = await (await imagine(h, "a red bird")).waitForResponse();

    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toMatch(/reports that it is \*\*paused\*\* \(Midjourney is down for maintenance\)/);
    expect(textOf(reply)).toMatch(/Please try again later/);
  });
});

describe("/imagine sends prompts the generator can read, unchanged", () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness({ env: { USER_MAX_ACTIVE_JOBS: "10" } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  test.each([
    { what: "an unknown parameter", prompt: "a red bird --foo bar" },
    { what: "multi-prompt weights", prompt: "space ship::2 planet::1 --ar 3:2" },
    { what: "--no with a list", prompt: "a quiet street --no text, people" },
  ])("$what passes and is sent as typed", async ({ prompt }) => {
    const handle = await imagine(h, prompt);
    const reply = await handle.waitForResponse();

    expect(reply.ephemeral).toBe(false);
    expect(textOf(reply)).toMatch(/waiting in line/i);
    expect(h.service.records().find((r) => r.ref === handle.id)?.prompt).toBe(prompt);
  });

  test("an attached image goes first in the prompt, as its link, followed by the text", async () => {
    const handle = await imagine(h, "as a watercolor painting --ar 3:2", {
      filename: "ref.png",
      bytes: smallPng,
      contentType: "image/png",
    });
    await handle.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });

    const attachment = Object.values(
      (handle.payload.data as { resolved?: { attachments?: Record<string, { url: string }> } }).resolved
        ?.attachments ?? {},
    )[0];
    expect(attachment?.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/attachments\/.+\/ref\.png\?ex=[0-9a-f]+&is=[0-9a-f]+&hm=[0-9a-f]+$/,
    );
    const record = h.service.records().find((r) => r.ref === handle.id);
    expect(record?.prompt).toBe(`${attachment?.url} as a watercolor painting --ar 3:2`);
    h.emu.assertNoRejectedRequests();
  });
});
