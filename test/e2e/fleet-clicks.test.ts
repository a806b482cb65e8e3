/**
 * A double click reaching two bot processes of a fleet (one Postgres): a grid shown again with `/show` in a
 * server on the other process's shard carries the same 🔄 and U buttons, so two clicks at once on the two
 * messages arrive at two processes. What a click starts is claimed in the shared store, so it starts once.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { EmulatedUser } from "../../tools/discord-emulator/world/world-types.js";
import { addGuildOnShard } from "../../tools/discord-emulator/fixtures.js";
import { messageNonce, upscaleAction } from "../../src/imagine/posted-message.js";
import { imagineIn, startProcessWorld, type BotProcess, type ProcessWorld } from "../support/bot-process.js";
import { textOf } from "../support/message-view.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { buttonId, isGrid, waitForResult } from "./imagine-steps.js";

const postgres = usePostgresServer();

let w: ProcessWorld | undefined;
afterEach(async () => {
  await w?.stop();
  w = undefined;
});

/** A finished grid in a server on shard 0 and the same grid shown again in a server on shard 1. */
async function gridOnTwoProcesses() {
  w = await startProcessWorld({ emulator: { allowUnregisteredCommands: true } });
  const world = w;
  const { emu, service } = world;
  const alice = emu.addUser({ username: "alice" });
  const servers = [addGuildOnShard(emu, 0, 2, [alice]), addGuildOnShard(emu, 1, 2, [alice])] as const;
  const env = {
    DATABASE_URL: await postgres.createDatabase(),
    DISCORD_SHARD_COUNT: "2",
    POLL_INTERVAL_MS: "500",
    IMAGE_DELIVERY: "link",
    USER_MAX_ACTIVE_JOBS: "5",
  };
  const bots: [BotProcess, BotProcess] = await Promise.all([
    world.startBot({ ...env, DISCORD_SHARDS: "0" }, 60_000),
    world.startBot({ ...env, DISCORD_SHARDS: "1" }, 60_000),
  ]);
  const job = await imagineIn(world, "a lighthouse in the fog", { user: alice, channel: servers[0].general });
  service.completeNow(job.record.id);
  const grid = await waitForResult(world, job.record.id, isGrid, { timeoutMs: 20_000 });
  const show = await emu.sendSlashCommand({
    name: "show",
    options: { job: job.record.id },
    user: alice,
    channelId: servers[1].general.id,
  });
  const shown = await show.waitForResponse({ where: isGrid, timeoutMs: 20_000 });
  expect(shown.channel_id).not.toBe(grid.channel_id);
  return { world, alice, bots, job, grid, shown };
}

/** `user` clicks the button labelled `label` on both messages at once; each click reaches its shard's process. */
function clickBoth(
  world: ProcessWorld,
  messages: readonly MessageSnapshot[],
  label: string,
  user: EmulatedUser,
): Promise<InteractionHandle[]> {
  return Promise.all(
    messages.map((message) => world.emu.clickButton({ message, customId: buttonId(message, label), user })),
  );
}

describe.skipIf(!postgres.available)("a double click reaching two processes of a fleet", () => {
  test("🔄 clicked on the grid and on its copy at once, on two processes, starts one new job; the other click is told so", async () => {
    const { world, alice, bots, job, grid, shown } = await gridOnTwoProcesses();
    const clicks = await clickBoth(world, [grid, shown], "🔄", alice);
    const answers = await Promise.all(clicks.map((click) => click.waitForResponse({ timeoutMs: 20_000 })));

    const rerolls = world.service.records().filter((r) => r.id !== job.record.id);
    expect(rerolls.map((r) => r.prompt)).toEqual([job.record.prompt]);
    expect(answers.filter((m) => /waiting in line/i.test(textOf(m)))).toHaveLength(1);
    const refused = answers.filter((m) => m.ephemeral);
    expect(refused.map(textOf)).toEqual([expect.stringMatching(/just started/i)]);
    // Each process answered the click that reached it: the work was claimed across processes, not in one.
    for (const [i, bot] of bots.entries()) {
      expect(bot.logs.some((l) => l["interactionId"] === clicks[i]!.id)).toBe(true);
    }
  }, 120_000);

  test("U2 clicked on the grid and on its copy at once, on two processes, is posted once", async () => {
    const { world, alice, job, grid, shown } = await gridOnTwoProcesses();
    const clicks = await clickBoth(world, [grid, shown], "U2", alice);
    const acks = await Promise.all(
      clicks.map((click) => click.waitForAcknowledgement({ timeoutMs: 20_000 })),
    );
    const nonce = messageNonce(job.record.id, upscaleAction(1));
    const posted = await world.emu.waitFor(() => world.emu.messagesWithNonce(nonce).find((m) => !m.deleted), {
      description: "image U2",
      timeoutMs: 20_000,
    });

    // One click posted it (acknowledged as an update of its message); the other was answered privately: on
    // its way, or (once posted) with a link to it.
    expect(acks.filter((a) => a.ephemeral)).toHaveLength(1);
    const note = clicks.map((click) => click.response()).find((m) => m?.ephemeral);
    expect(textOf(note)).toMatch(/U2 (of this image is already on its way|was already posted)/);
    expect(world.emu.messagesWithNonce(nonce)).toEqual([posted]);
    expect([grid.id, shown.id]).toContain(posted.message_reference?.message_id);
  }, 120_000);
});
