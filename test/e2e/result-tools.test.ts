/**
 * 📋 Prompt and 🗑️ Delete under results, end to end through discord.js and the emulator. Neither asks the
 * image service anything: each test counts its image requests around the click.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { clickLabel, imagineGrid, waitForResult } from "./imagine-steps.js";
import { addBob, dmGrid, singleImage } from "./result-tools-steps.js";

const AUDIT_CHANNEL_ID = "1200000000000000001";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** How many requests about images (records, creations, upscales) the service has answered so far. */
function imageRequests(): number {
  return h.service.requests.filter((r) => /images|upscale/.test(r.request)).length;
}

/**
 * 🗑️ Delete clicked by `user` on `message`, then the private question's `answer` (Delete or Keep): the
 * question, and what it says after.
 */
async function deleteAsked(
  message: MessageSnapshot,
  user: Parameters<typeof clickLabel>[3],
  answer = "Delete",
): Promise<{ question: MessageSnapshot; said: string }> {
  const click = await clickLabel(h, message, "Delete", user);
  const question = await click.waitForResponse({ where: (m) => textOf(m) !== "" });
  expect(question.ephemeral).toBe(true);
  expect(buttonsOf(question).map((b) => b.label)).toEqual(["Delete", "Keep"]);
  expect(h.emu.message(message.id)?.deleted).toBe(false);
  const second = await clickLabel(h, question, answer, user);
  const after = await second.waitForResponse({ where: (m) => textOf(m) !== textOf(question) });
  return { question, said: textOf(after) };
}

async function startWithAudit(): Promise<BotHarness> {
  h = await startBotHarness({ env: { AUDIT_CHANNEL_ID } });
  h.emu.addChannel({ guildId: h.world.guild.id, name: "imagine-audit", id: AUDIT_CHANNEL_ID });
  return h;
}

describe("📋 Prompt", () => {
  test("answers only the clicker with the exact prompt sent (suffix included) in a code block", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    const suffix = await emu.sendSlashCommand({
      name: "settings",
      subcommand: "suffix",
      options: { text: "watercolor --stylize 250" },
      user: world.alice,
      channelId: world.general.id,
    });
    await suffix.waitForResponse({ where: (m) => textOf(m) !== "" });
    const { grid, record } = await imagineGrid(h, { prompt: "a red fox in the snow --ar 16:9" });
    const sent = service.record(record.id)!.prompt;
    expect(sent).toContain("watercolor");
    const bob = addBob(h);

    const before = imageRequests();
    const click = await clickLabel(h, grid, "Prompt", bob);
    const answer = await click.waitForResponse();
    expect(answer.ephemeral).toBe(true);
    expect(answer.content).toContain(`\`\`\`\n${sent}\n\`\`\``);
    expect(answer.content).toContain(record.id);
    expect(imageRequests()).toBe(before);
    emu.assertNoRejectedRequests();
  });

  test("on a single image, gives the grid's prompt", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const { single } = await singleImage(h, "a lighthouse on a cliff", 1);
    const answer = await (await clickLabel(h, single, "Prompt", world.alice)).waitForResponse();
    expect(answer.ephemeral).toBe(true);
    expect(answer.content).toContain("```\na lighthouse on a cliff\n```");
    emu.assertNoRejectedRequests();
  });
});

describe("🗑️ Delete", () => {
  test("the requester deletes their grid: a private confirmation, the audit channel records it, the service is not asked", async () => {
    await startWithAudit();
    const { emu, world } = h;
    const { grid, record } = await imagineGrid(h, { prompt: "a red fox in the snow" });
    expect(buttonsOf(grid).map((b) => b.label)).toEqual(
      expect.arrayContaining(["Remix", "Prompt", "Delete"]),
    );

    const before = imageRequests();
    const { question, said } = await deleteAsked(grid, world.alice);
    expect(textOf(question)).toContain(`Delete this image (job \`${record.id}\`) for everyone?`);
    expect(said).toBe(`Deleted the message of job \`${record.id}\`. \`/history\` still lists the job.`);
    expect(emu.message(grid.id)?.deleted).toBe(true);
    const audit = await emu.waitForMessage({ id: AUDIT_CHANNEL_ID } as never, (m) =>
      /Image deleted/.test(textOf(m)),
    );
    expect(textOf(audit)).toContain(record.id);
    expect(textOf(audit)).toContain(`Deleted by <@${world.alice.id}>`);
    expect(imageRequests()).toBe(before);
    emu.assertNoRejectedRequests();
  });

  test("Keep under the question leaves the image where it is", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const { grid } = await imagineGrid(h, { prompt: "a red fox in the snow" });
    const { said } = await deleteAsked(grid, world.alice, "Keep");
    expect(said).toBe("Kept: nothing was deleted.");
    expect(emu.message(grid.id)?.deleted).toBe(false);
    emu.assertNoRejectedRequests();
  });

  test("another member is refused privately and the message stays", async () => {
    h = await startBotHarness();
    const { emu } = h;
    const { grid } = await imagineGrid(h, { prompt: "a red fox in the snow" });
    const bob = addBob(h);
    const answer = await (await clickLabel(h, grid, "Delete", bob)).waitForResponse();
    expect(answer.ephemeral).toBe(true);
    expect(textOf(answer)).toMatch(/only the person this image was posted for/i);
    expect(emu.message(grid.id)?.deleted).toBe(false);
    emu.assertNoRejectedRequests();
  });

  test("a moderator who may manage messages deletes a member's single image; U1 on the grid then says it was deleted", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const { grid, single } = await singleImage(h, "a red fox in the snow", 0);

    const { said } = await deleteAsked(single, world.mod);
    expect(said).toMatch(/^Deleted the message of job/);
    expect(emu.message(single.id)?.deleted).toBe(true);

    const again = await clickLabel(h, emu.message(grid.id) as MessageSnapshot, "U1", world.alice);
    const note = await again.waitForResponse();
    expect(note.ephemeral).toBe(true);
    expect(textOf(note)).toBe("U1 was posted, then deleted.");
    // Asking Discord whether the image is still there is how the bot finds out: Unknown Message.
    emu.assertNoRejectedRequests({ ignoreCodes: [10008] });
  });

  test("the requester deletes an enhanced image; Enhance 2× on the single image then says it was deleted", async () => {
    h = await startBotHarness({ env: { ENHANCE_FACTORS: "2x" } });
    const { emu, world, service } = h;
    const { single } = await singleImage(h, "a red fox in the snow", 0);
    const click = await clickLabel(h, single, "Enhance 2× (uses credits)", world.alice);
    await click.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    const job = await h.bot.context.imagine.findJob(click.id);
    service.completeNow(job!.imageId);
    const enhanced = await waitForResult(h, job!.imageId);
    expect(buttonsOf(enhanced).map((b) => b.label)).toEqual(["Prompt", "Delete"]);

    const { said } = await deleteAsked(enhanced, world.alice);
    expect(said).toMatch(/^Deleted the message of job/);
    expect(emu.message(enhanced.id)?.deleted).toBe(true);
    const again = await clickLabel(h, emu.message(single.id)!, "Enhance 2× (uses credits)", world.alice);
    expect(textOf(await again.waitForResponse())).toBe("Enhance 2× was posted, then deleted.");
    emu.assertNoRejectedRequests({ ignoreCodes: [10008] });
  });

  test("in a DM, the requester deletes the grid the bot sent them", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const grid = await dmGrid(h, "a tin robot reading");
    const { said } = await deleteAsked(grid, world.alice);
    expect(said).toMatch(/^Deleted the message of job/);
    expect(emu.message(grid.id)?.deleted).toBe(true);
    emu.assertNoRejectedRequests();
  });
});
