/**
 * Account health on a pool of two reference services (issue 39): a server whose Midjourney account got a
 * notice is held (no new create after the notice), its member's job is made again once on the other server
 * without blaming, pausing or showing the notice to the member; a moderator sees it and resumes it from
 * /imagine-status; a server at its daily budget lets jobs wait in line, told until when; a job left pending
 * on a server that reports a problem is made again elsewhere.
 */
import { afterEach, describe, expect, test } from "vitest";
import { textOf } from "../support/message-view.js";
import { buttonId, resultsOf, waitForResult } from "./imagine-steps.js";
import {
  createsAt,
  imagineOnPool,
  serviceOf,
  startedImageId,
  startPool,
  type PoolHarness,
} from "./pool-steps.js";

const AUDIT_CHANNEL_ID = "1200000000000000039";
/** imagineapi/imagineapi #14, as the notice Midjourney sent (without `Midjourney message:`). */
const NOTICE =
  "You have a pending moderation message. Please acknowledge it before using Midjourney further. Your account has been temporarily blocked due to suspicious activity. Accessing Midjourney via third-party tools or scripting is strictly forbidden and is grounds for a permanent ban..";

let p: PoolHarness | undefined;
afterEach(async () => {
  await p?.stop();
  p = undefined;
});

async function pool(env: Record<string, string> = {}, slots = 2): Promise<PoolHarness> {
  p = await startPool([{ initialHealth: "healthy" }], {
    slots,
    env: { MIDJOURNEY_REFUSALS_TO_PAUSE: "1", AUDIT_CHANNEL_ID, ...env },
  });
  p.h.emu.addChannel({ guildId: p.h.world.guild.id, name: "imagine-audit", id: AUDIT_CHANNEL_ID });
  return p;
}

/** Every text the member could read about their job: each version of its message, follow-ups, the channel, DMs. */
function memberSaw(
  pool: PoolHarness,
  handle: { responseHistory(): unknown[]; followUps(): unknown[] },
): string {
  const { h } = pool;
  return [
    ...handle.responseHistory(),
    ...handle.followUps(),
    ...h.emu.messagesIn(h.world.general, { includeEphemeral: true }),
    ...h.emu.messagesIn(h.emu.dmChannelWith(h.world.alice), { includeEphemeral: true }),
  ]
    .map((m) => textOf(m as Parameters<typeof textOf>[0]))
    .join("\n");
}

/** Waits until the job of interaction `ref` was made again: sent under another image id than `first`. */
function remadeId(pool: PoolHarness, ref: string, first: string): Promise<string> {
  return pool.h.emu.waitFor(
    () =>
      pool.h.bot.context.imagine
        .activeJobs()
        .find((j) => j.ref === ref && j.phase === "sent" && j.imageId !== first)?.imageId,
    { description: `the job of ${ref} made again` },
  );
}

describe("a blocked Midjourney account in the pool", () => {
  test("the member's job is made again once on the other server and delivered; the member is neither blamed, paused nor shown the notice; the held server gets no new create", async () => {
    const { h, services } = await pool({ HTTP_PORT: "0", HTTP_HOST: "127.0.0.1" });
    services[0]!.lifecycle.accountNotice = NOTICE;
    const job = await imagineOnPool(p!, "a quiet harbour");
    expect(serviceOf(p!, job.imageId)).toBe(0);
    services[0]!.advance();
    const again = await remadeId(p!, job.handle.id, job.imageId);
    expect(serviceOf(p!, again)).toBe(1);
    services[1]!.completeNow(again);
    const result = await waitForResult(h, again);
    expect(result.attachments.length + result.embeds.length).toBeGreaterThan(0);

    const seen = memberSaw(p!, job.handle);
    expect(seen).not.toContain("suspicious activity");
    expect(seen).not.toContain("moderation refused");
    expect(seen).not.toMatch(/paused/i);
    expect(await h.bot.context.pauses.activePause(h.world.alice.id, h.world.guild.id)).toBeNull();
    // Delivered once, from server 2; nothing from the first record.
    expect(resultsOf(h, again)).toHaveLength(1);
    expect(resultsOf(h, job.imageId)).toHaveLength(0);

    // Server 1 is held: every new job goes to server 2, none to server 1.
    for (const prompt of ["a red boat", "a blue boat"]) {
      const next = await imagineOnPool(p!, prompt);
      const id = await startedImageId(p!, next.handle.id);
      expect(serviceOf(p!, id)).toBe(1);
    }
    expect(createsAt(services[0]!)).toBe(1);

    // The owner's log and the audit channel say it once, with the notice.
    const logged = h.logs.lines.filter((l) => l.includes("sent this server's account a notice"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('"server":"one"');
    expect(logged[0]).toContain("suspicious activity");
    const audit = await h.emu.waitFor(() =>
      h.emu.messagesIn(AUDIT_CHANNEL_ID).filter((m) => m.embeds[0]?.title === "Image server one held"),
    );
    expect(audit).toHaveLength(1);
    expect(textOf(audit[0]!)).toContain("suspicious activity");
    // The metrics name each server's state.
    const metrics = await (await fetch(`${h.bot.opsUrl}/metrics`)).text();
    expect(metrics).toContain('imagine_server_state{server="one",state="held"} 1');
    expect(metrics).toContain('imagine_server_state{server="two",state="working"} 1');
    expect(metrics).toContain('imagine_server_creates_24h{server="two"} 3');
  });

  test("made again once: when the second server's account is blocked too, the job ends in plain words, unblamed, its daily image given back", async () => {
    const { h, services } = await pool({ USER_DAILY_IMAGES: "5" });
    services[0]!.lifecycle.accountNotice = NOTICE;
    services[1]!.lifecycle.accountNotice = NOTICE;
    const job = await imagineOnPool(p!, "a quiet harbour");
    services[0]!.advance();
    const again = await remadeId(p!, job.handle.id, job.imageId);
    services[1]!.advance();
    const ended = await waitForResult(h, again, (m) =>
      textOf(m).includes("Midjourney sent a notice about that server's account, not about your prompt"),
    );
    expect(textOf(ended)).toContain("It does not count against you");
    expect(textOf(ended)).not.toContain("suspicious");
    expect(createsAt(services[0]!) + createsAt(services[1]!)).toBe(2);
    expect(serviceOf(p!, again)).toBe(1);
    const quota = await h.emu.sendSlashCommand({
      name: "quota",
      options: {},
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const left = await quota.waitForResponse({ where: (m) => textOf(m).includes("left") });
    expect(textOf(left)).toMatch(/started 0 images today/);
  });

  test("when no other server is free the job waits in line with a plain reason, and starts when one is", async () => {
    const { services } = await pool({}, 1);
    services[0]!.lifecycle.accountNotice = NOTICE;
    const job = await imagineOnPool(p!, "a quiet harbour");
    expect(serviceOf(p!, job.imageId)).toBe(0);
    const busy = await imagineOnPool(p!, "a slow snail");
    expect(serviceOf(p!, busy.imageId)).toBe(1);
    services[0]!.advance();
    const waiting = await job.handle.waitForResponse({
      where: (m) => textOf(m).includes("its account needs the owner's attention; your prompt is fine"),
    });
    expect(textOf(waiting)).not.toContain("suspicious");
    services[1]!.completeNow(busy.imageId);
    const again = await remadeId(p!, job.handle.id, job.imageId);
    expect(serviceOf(p!, again)).toBe(1);
    expect(createsAt(services[0]!)).toBe(1);
  });

  test("a moderator sees the held server in /imagine-status, resumes it with Resume, and the audit channel records who", async () => {
    const { h, services } = await pool();
    services[0]!.lifecycle.accountNotice = NOTICE;
    const job = await imagineOnPool(p!, "a quiet harbour");
    services[0]!.advance();
    await remadeId(p!, job.handle.id, job.imageId);

    const status = await h.emu.sendSlashCommand({
      name: "imagine-status",
      user: h.world.mod,
      channelId: h.world.general.id,
    });
    const page = await status.waitForResponse({ where: (m) => m.embeds.length > 0 });
    const text = textOf(page);
    expect(text).toContain("1 of 2 image servers working");
    expect(text).not.toContain("Image service: working");
    expect(text).toContain(
      "⛔ **one** held until a moderator resumes it: Midjourney blocked its account for suspicious activity",
    );
    expect(text).toMatch(/🟢 \*\*two\*\* working/);
    expect(text).not.toContain("127.0.0.1");
    // The job row names its server.
    expect(text).toMatch(/Generating|Waiting/);
    expect(text).toContain(" · on two · ");
    const resume = buttonId(page, "Resume one");

    services[0]!.lifecycle.accountNotice = null;
    const click = await h.emu.clickButton({
      message: page.id,
      customId: resume,
      user: h.world.mod,
    });
    const said = await click.waitForFollowUp();
    expect(textOf(said)).toContain("one takes jobs again");
    const audit = await h.emu.waitFor(() =>
      h.emu.messagesIn(AUDIT_CHANNEL_ID).find((m) => m.embeds[0]?.title === "Image server one resumed"),
    );
    expect(textOf(audit)).toContain(`<@${h.world.mod.id}>`);
    expect(h.bot.context.pool.servers[0]!.takesJobs(Date.now())).toBe(true);
  });
});

describe("pacing an account", () => {
  test("a server at its daily budget takes no job: the member waits in line and is told until when", async () => {
    p = await startPool([], { slots: 2, env: { IMAGINE_API_DAILY_LIMIT: "1" } });
    const { h, services } = p;
    const first = await imagineOnPool(p, "a first kite");
    expect(first.imageId).not.toMatch(/^q-/);
    const second = await imagineOnPool(p, "a second kite");
    const told = await second.handle.waitForResponse({
      where: (m) => textOf(m).includes("have made today's share of images"),
    });
    expect(textOf(told)).toMatch(/takes jobs again <t:\d+:f> \(<t:\d+:R>\)/);
    expect(createsAt(services[0]!)).toBe(1);
    void h;
  });
});

describe("a server that reports a problem", () => {
  test("a job still pending there after IMAGINE_API_PENDING_MOVE_MS is made again on another server; the first record is left", async () => {
    const { h, services } = await pool({ IMAGINE_API_PENDING_MOVE_MS: "1000" });
    const job = await imagineOnPool(p!, "a patient heron");
    expect(serviceOf(p!, job.imageId)).toBe(0);
    services[0]!.setHealth("unhealthy", "Midjourney credits exhausted");
    // Past the health cache and the pending time.
    h.emu.clock.advance(20_000);
    const again = await remadeId(p!, job.handle.id, job.imageId);
    expect(serviceOf(p!, again)).toBe(1);
    expect(services[0]!.record(job.imageId)?.status).toBe("pending");
  });
});
