/**
 * The account protections on a pool of a hosted and a self-hosted ImagineAPI server: a job asking for relax
 * goes only to a server that runs it (also from the bot's queue), is refused only where no server can; the
 * out-of-date hint and the relax failure line belong to the job's own server.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { ReferenceServiceOptions } from "../../tools/reference-service/index.js";
import { textOf } from "../support/message-view.js";
import { imagineAnswer } from "./admission-steps.js";
import { waitForResult } from "./imagine-steps.js";
import { runSettingsCommand } from "./settings-steps.js";
import { serviceStatusText } from "./status-steps.js";
import { imagineOnPool, serviceOf, startedImageId, startPool, type PoolHarness } from "./pool-steps.js";

let p: PoolHarness | undefined;
afterEach(async () => {
  await p?.stop();
  p = undefined;
});

const SELF_HOSTED: ReferenceServiceOptions = { profile: "self-hosted", initialHealth: "healthy" };

/** A pool of `first` (server "one") and `second` ("two"), one slot each, both servers' kinds found out. */
async function pool(first: ReferenceServiceOptions, second: ReferenceServiceOptions): Promise<PoolHarness> {
  p = await startPool([second], { slots: 1, first });
  await Promise.all(p.h.bot.context.pool.servers.map((s) => s.profile.probe()));
  return p;
}

describe("relax on a pool of a self-hosted and a hosted server", () => {
  test("the server's default speed relax and a member's choice of it are accepted, and relax jobs go only to the hosted server", async () => {
    const { h, services } = await pool(SELF_HOSTED, {});
    const { answer } = await runSettingsCommand(h, {
      name: "imagine-config",
      subcommand: "speeds",
      options: { default: "relax", allowed: "fast, relax" },
      user: h.world.mod,
    });
    expect(textOf(answer)).toContain("--relax");
    expect(textOf(answer)).not.toContain("can't");
    const job = await imagineOnPool(p!, "a calm lake");
    expect(serviceOf(p!, job.imageId)).toBe(1);
    expect(services[1]!.record(job.imageId)?.prompt).toBe("a calm lake --relax");
    expect(services[0]!.creates).toBe(0);
    // A member may choose relax too: server 2 runs it.
    const member = await runSettingsCommand(h, {
      name: "settings",
      subcommand: "speed",
      options: { speed: "relax" },
      user: h.world.alice,
    });
    expect(textOf(member.answer)).not.toContain("cannot run");
    expect(textOf(member.answer)).toContain("relax");
  });

  test("a --relax job waits for the hosted server while a plain job behind it starts on the self-hosted one", async () => {
    const { h, services } = await pool(SELF_HOSTED, {});
    const first = await imagineOnPool(p!, "a calm lake --relax");
    expect(serviceOf(p!, first.imageId)).toBe(1);
    const relax = await imagineOnPool(p!, "a still pond --relax");
    const plain = await imagineOnPool(p!, "a red fox");
    expect(relax.imageId).toMatch(/^q-/);
    // Server 1 is free: the message says what the job waits for rather than "every image server is busy".
    const waiting = await relax.handle.waitForResponse({
      where: (m) => textOf(m).includes("asks for `--relax`, and the image servers that run it are busy"),
    });
    expect(textOf(waiting)).toContain("number 1");
    const plainId = await startedImageId(p!, plain.handle.id);
    expect(serviceOf(p!, plainId)).toBe(0);
    expect(h.bot.context.imagine.waitingCount).toBe(1);

    services[1]!.completeNow(first.imageId);
    const relaxId = await startedImageId(p!, relax.handle.id);
    expect(serviceOf(p!, relaxId)).toBe(1);
    expect(services[1]!.record(relaxId)?.prompt).toBe("a still pond --relax");
    // The self-hosted server got only the plain job.
    expect(services[0]!.creates).toBe(1);
    expect(services[0]!.record(plainId)?.prompt).toBe("a red fox");
  });

  test("where no server of the pool runs relax, --relax is refused privately, naming why, with no create", async () => {
    const { h, services } = await pool(SELF_HOSTED, SELF_HOSTED);
    const refusal = await imagineAnswer(h, h.world.alice, "a calm lake --relax");
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toContain("`--relax` can't be used");
    expect(textOf(refusal)).toContain("`--fast`, `--turbo`");
    expect(services.map((s) => s.creates)).toEqual([0, 0]);
  });
});

describe("the watch of each server", () => {
  test("a self-hosted server 2 is named out of date in its own row and log line, and gets no new job while server 1 can take them", async () => {
    const { h, services } = await pool({}, { ...SELF_HOSTED, lifecycle: { outdated: true } });
    // Server 1 holds a job, so the next ones go to server 2, where they fail one after another.
    const busy = await imagineOnPool(p!, "a slow snail");
    expect(serviceOf(p!, busy.imageId)).toBe(0);
    for (const prompt of ["a red kite", "a blue kite", "a green kite"]) {
      const job = await imagineOnPool(p!, prompt);
      expect(serviceOf(p!, job.imageId)).toBe(1);
      services[1]!.advance();
      await waitForResult(h, job.imageId);
    }
    const status = await serviceStatusText(h);
    const rowTwo = status.slice(status.indexOf("**two**"));
    expect(rowTwo).toContain("This server's ImagineAPI probably needs updating: its last 3 jobs failed");
    expect(status.slice(status.indexOf("**one**"), status.indexOf("**two**"))).not.toContain(
      "needs updating",
    );
    const named = h.logs.lines.filter((line) => line.includes("probably needs updating"));
    expect(named).toHaveLength(1);
    expect(named[0]).toContain('"server":"two"');

    // Server 2 has a free slot but is named out of date: the next job waits for server 1.
    const next = await imagineOnPool(p!, "a yellow kite");
    expect(next.imageId).toMatch(/^q-/);
    services[0]!.completeNow(busy.imageId);
    const nextId = await startedImageId(p!, next.handle.id);
    expect(serviceOf(p!, nextId)).toBe(0);
    expect(services[1]!.creates).toBe(3);
  });

  test("a relax failure on the self-hosted server 2 reaches the member in plain words, and the owner's log line names server 2", async () => {
    const { h, services } = await pool({}, { ...SELF_HOSTED, lifecycle: { accountMode: "relax" } });
    const busy = await imagineOnPool(p!, "a slow snail");
    expect(serviceOf(p!, busy.imageId)).toBe(0);
    const job = await imagineOnPool(p!, "a calm lake");
    expect(serviceOf(p!, job.imageId)).toBe(1);
    services[1]!.advance();
    const failed = await waitForResult(h, job.imageId, (m) => /relax mode/.test(textOf(m)));
    expect(textOf(failed)).toContain(
      "The image service's Midjourney account is in relax mode, which this image server cannot follow",
    );
    expect(textOf(failed)).not.toContain("(relaxed)");
    const owner = h.logs.lines.filter((line) => line.includes("switch the server's Midjourney account"));
    expect(owner).toHaveLength(1);
    expect(owner[0]).toContain('"server":"two"');
  });
});
