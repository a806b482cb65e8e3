/**
 * Every image server down: a new image whose create every server refused (no record exists anywhere) waits
 * in the bot's line, its message saying no image server is reachable and its /imagine-status row that none takes jobs, and is
 * delivered once when a server is back; a create that may have made a record is never queued and sent again.
 */
import { afterEach, describe, expect, test } from "vitest";
import { startReferenceService, type ReferenceService } from "../../tools/reference-service/index.js";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import { textOf } from "../support/message-view.js";
import { answerTo } from "./admission-steps.js";
import { isGrid, resultsOf, waitForResult } from "./imagine-steps.js";
import { RETRIES_MS } from "./service-error-steps.js";
import { createsAt, startedImageId, startPool, statusAsModerator, type PoolHarness } from "./pool-steps.js";

let p: PoolHarness | undefined;
let revived: ReferenceService | undefined;
afterEach(async () => {
  await p?.stop();
  await revived?.close();
  p = revived = undefined;
});

/** The text of the message answering `handle` once it matches `pattern`. */
async function shownMatching(handle: InteractionHandle, pattern: RegExp): Promise<string> {
  // Both servers are tried, one after the other, before the job is put in line.
  const timeoutMs = 5_000 + 2 * RETRIES_MS;
  return textOf(await handle.waitForResponse({ where: (m) => pattern.test(textOf(m)), timeoutMs }));
}

const DOWN = /No image server is reachable right now/;

describe("every image server down", () => {
  test("the first /imagine after both servers stopped waits in line saying no server is reachable, and is delivered once when one is back", async () => {
    p = await startPool([{}], { slots: 3 });
    const { h } = p;
    const [one, two] = p.services as [ReferenceService, ReferenceService];
    const { port } = new URL(two.url);
    // Both stop while the bot holds their fresh status (healthy, kept 15 s): the create itself is refused.
    await h.bot.context.pool.health.current();
    expect(p.h.bot.context.pool.servers.map((s) => s.health.last.botStatus)).toEqual(["healthy", "healthy"]);
    await Promise.all([one.close(), two.close()]);
    const handle = await h.emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a lighthouse in a storm" },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const ref = handle.id;
    const waiting = await shownMatching(handle, DOWN);
    expect(waiting).toContain("your job waits in the bot's line, number 1");
    expect(waiting).toContain(`Job ${ref}`);
    expect(waiting).not.toMatch(/Every image server is busy|unavailable/);
    // It waits because both refused its create (the second once the first had), not because the bot knew.
    expect(h.logs.lines.filter((l) => l.includes("creating the image on another server"))).toHaveLength(1);
    expect(h.logs.lines.filter((l) => l.includes("a create failed on this image server"))).toHaveLength(2);

    // A moderator sees why it waits.
    const page = await statusAsModerator(p);
    expect(page).toContain("⏳ Waiting, number 1 in line: no image server takes jobs");
    const details = await statusAsModerator(p, ref);
    expect(details).toContain("⏳ Waiting, number 1 in line: no image server takes jobs");

    // Server 2 comes back on its port; once the bot has read its status, the job starts there.
    revived = await startReferenceService({
      port: Number(port),
      tickMs: 0,
      tokens: { [two.token]: "local-user" },
    });
    h.emu.clock.advance(16_000);
    await h.bot.context.pool.health.current();
    h.emu.clock.advance(2_000);
    const imageId = await startedImageId(p, ref);
    expect(revived.record(imageId)).toBeDefined();
    revived.completeNow(imageId);
    await waitForResult(h, imageId, isGrid);
    expect(createsAt(revived)).toBe(1);
    expect(resultsOf(h, imageId)).toHaveLength(1);
    expect(h.bot.context.imagine.waitingCount).toBe(0);
  });

  test("a create that may have made a record (a 500 from the server) is not queued: it fails at once and nothing is sent again", async () => {
    p = await startPool([{}], { slots: 3 });
    const { h } = p;
    for (const service of p.services) {
      service.faults.match = /^POST \/items\/images$/;
      service.faults.errorRate = 1;
    }
    const handle = await h.emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a lighthouse in a storm" },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const text = textOf(await answerTo(h, handle));
    expect(text).toContain("The image service failed");
    expect(text).not.toMatch(/waits in the bot's line/);
    expect(h.bot.context.imagine.waitingCount).toBe(0);
    // Sent to one server only: a second could make a second record.
    expect(p.services.filter((s) => createsAt(s) > 0)).toHaveLength(1);
  });
});
