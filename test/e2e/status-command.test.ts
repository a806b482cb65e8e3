import { PermissionFlagsBits } from "discord-api-types/v10";
import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { UserRef } from "../../tools/discord-emulator/world/world-types.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { imagineAnswer } from "./admission-steps.js";
import { buttonId, imagineGrid, startImagine, waitForJobEnd, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Runs `/imagine-status` and returns its (ephemeral) answer once it has embeds or text. */
async function runStatus(user: UserRef, job?: string, locale?: string): Promise<MessageSnapshot> {
  const handle = await h.emu.sendSlashCommand({
    name: "imagine-status",
    options: job === undefined ? {} : { job },
    user,
    channelId: h.world.general.id,
    ...(locale === undefined ? {} : { locale }),
  });
  return handle.waitForResponse({ where: (m) => m.embeds.length > 0 || m.content !== "" });
}

const FAIL_ERROR = "Midjourney message: Invalid parameter --zz";

describe("/imagine-status", () => {
  test("is registered for Manage Server, in servers only", async () => {
    h = await startBotHarness();
    const command = h.emu.registeredCommands(h.world.guild.id).find((c) => c.name === "imagine-status");
    expect(command?.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
    expect(command?.contexts).toEqual([0]);
    await expect(
      h.emu.sendSlashCommand({ name: "imagine-status", user: h.world.alice, channelId: h.world.general.id }),
    ).rejects.toThrow(/hidden from alice/);
  });

  test("shows a moderator the service, the jobs in flight with requester and progress, and a recent failure", async () => {
    h = await startBotHarness({
      service: { lifecycle: { steps: 4, failPattern: /doomed/, failError: FAIL_ERROR } },
    });
    const { emu, world, service } = h;
    const doomed = await startImagine(h, { prompt: "a doomed ship" });
    service.advance();
    await doomed.handle.waitForFollowUp({ where: (m) => /Invalid parameter --zz/.test(textOf(m)) });
    const running = await startImagine(h, { prompt: "a lighthouse at dusk" });
    service.advance(2);
    await running.handle.waitForResponse({ where: (m) => /25%/.test(textOf(m)) });

    const status = await runStatus(world.mod);
    expect(status.ephemeral).toBe(true);
    const text = textOf(status);
    // In plain words: the image service's condition, its own report quoted as its own, no API words.
    expect(text).toContain("Image service: working");
    expect(text).toMatch(/Answers in \d+ ms/);
    expect(text).toContain("Last 24 hours in this server (DMs not counted)");
    expect(text).not.toMatch(/\bref\b|route|Latency|^Bot is/m);
    expect(text).toContain("showing 1-1 of 1");
    expect(text).toContain(`<@${world.alice.id}>`);
    expect(text).toContain("a lighthouse at dusk");
    expect(text).toContain(running.record.id);
    expect(text).toMatch(/25%/);
    expect(text).toContain("Invalid parameter --zz");
    expect(text).toContain(doomed.record.id);
    expect(text).toMatch(/1 failed/);
    expect(text).toMatch(/Per user: 2 at a time/);
    emu.assertNoRejectedRequests();
  });

  test("shows an unhealthy service with its message, the last error, and jobs that timed out", async () => {
    h = await startBotHarness({
      env: { JOB_TIMEOUT_MS: "1000" },
      service: { lifecycle: { hangPattern: /stuck/ } },
    });
    const { emu, world, service } = h;
    const stuck = await startImagine(h, { prompt: "a stuck clock" });
    service.advance();
    emu.clock.advance(2000);
    await waitForResult(h, stuck.record.id, (m) => /timed out|stopped waiting|gave up/i.test(textOf(m)));
    await waitForJobEnd(h, stuck.record.id);
    service.faults.match = /^POST \/items\/images$/;
    service.faults.queue.push("quota");
    const failed = await imagineAnswer(h, world.alice, "one image too many");
    expect(textOf(failed)).not.toBe("");
    service.setHealth("unhealthy", "maintenance until noon");
    emu.clock.advance(60_000); // past the bot's cached health answer

    const text = textOf(await runStatus(world.mod));
    expect(text).toContain(
      "Image service: not working**\nThe image service's own report on its Midjourney account: “maintenance until noon”",
    );
    // In the reader's words, not the service's message (which may name an address).
    expect(text).toMatch(/Last problem reaching it <t:\d+:R>: its image quota is used up/);
    expect(text).toMatch(/1 gave up waiting/);
    expect(text).toContain("The bot stopped waiting for this job: it timed out.");
    expect(text).toContain(stuck.record.id);
    expect(text).toContain("In flight on this server: none");
    emu.assertNoRejectedRequests();
  });

  test("refuses a member without Manage Server even when an admin made the command visible to everyone", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const command = emu.registeredCommands(world.guild.id).find((c) => c.name === "imagine-status")!;
    // What a server admin's override amounts to: the command is offered to every member.
    const response = await fetch(
      `${emu.apiUrl}/applications/${emu.applicationId}/guilds/${world.guild.id}/commands/${command.id}`,
      {
        method: "PATCH",
        headers: { authorization: `Bot ${emu.botToken}`, "content-type": "application/json" },
        body: JSON.stringify({ default_member_permissions: null }),
      },
    );
    expect(response.status).toBe(200);
    await startImagine(h, { prompt: "a secret garden", user: world.mod });

    const refusal = await runStatus(world.alice);
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/Manage Server/);
    expect(textOf(refusal)).not.toContain("a secret garden");
    emu.assertNoRejectedRequests();
  });

  test("looks a job up by image id and by ref, with the link to its message", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const job = await imagineGrid(h, { prompt: "a copper kettle on a stove" });
    const link = `https://discord.com/channels/${world.guild.id}/${world.general.id}/${job.grid.id}`;

    for (const key of [job.record.id, job.handle.id]) {
      const details = await runStatus(world.mod, key);
      expect(details.ephemeral).toBe(true);
      const text = textOf(details);
      expect(text).toContain(`Job ${job.record.id}`);
      expect(text).toContain("a copper kettle on a stove");
      expect(text).toContain("Completed");
      expect(text).toContain(`<@${world.alice.id}>`);
      expect(text).toContain(link);
      expect(text).toContain(job.handle.id);
    }
    const unknown = await runStatus(world.mod, "00000000-0000-4000-8000-000000000000");
    expect(textOf(unknown)).toMatch(/No job/);
    emu.assertNoRejectedRequests();
  });

  test("with 100 jobs in flight it shows ten at a time within Discord's limits, and Next pages on", async () => {
    h = await startBotHarness({
      // Pending jobs need no quick polling; slow polls keep 100 of them light on a busy machine.
      env: { USER_MAX_ACTIVE_JOBS: "100", GUILD_MAX_ACTIVE_JOBS: "1000", POLL_INTERVAL_MS: "10000" },
      service: { lifecycle: { concurrency: 0 } },
    });
    const { emu, world, service } = h;
    const prompt = (i: number) => `job number ${i} ${"with a long and winding description ".repeat(40)}`;
    for (let batch = 0; batch < 100; batch += 20) {
      const handles = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          emu.sendSlashCommand({
            name: "imagine",
            options: { prompt: prompt(batch + i) },
            user: world.alice,
            channelId: world.general.id,
          }),
        ),
      );
      await Promise.all(handles.map((handle) => handle.waitForAcknowledgement()));
    }
    await emu.waitFor(() => h.bot.context.imagine.activeJobs().length === 100, { timeoutMs: 15_000 });
    expect(service.records()).toHaveLength(100);

    const status = await runStatus(world.mod);
    expect(textOf(status)).toContain("showing 1-10 of 100");
    expect(textOf(status)).toContain("Page 1 of 10");
    const next = await emu.clickButton({
      message: status,
      customId: buttonId(status, "Next"),
      user: world.mod,
    });
    const page2 = await next.waitForResponse({ where: (m) => textOf(m).includes("showing 11-20 of 100") });
    expect(page2.id).toBe(status.id);
    expect(textOf(page2)).toContain("Page 2 of 10");
    expect(textOf(page2)).not.toContain("job number 0 ");
    const labels = page2.components?.flatMap((row) =>
      "components" in row ? row.components.map((c) => ("label" in c ? c.label : "")) : [],
    );
    const cancels = Array.from({ length: 10 }, (_, i) => `Cancel ${11 + i}`);
    expect(labels).toEqual(["Previous", "Refresh", "Next", ...cancels]);
    emu.assertNoRejectedRequests();
  });

  test("answers a moderator in their language, a job's details included", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 4 } } });
    const { world } = h;
    const status = await runStatus(world.mod, undefined, "es-ES");
    expect(status.embeds[0]?.title).toBe("📊 Estado del servicio de imágenes");
    expect(textOf(status)).toContain("Últimas 24 horas");
    expect(textOf(status)).toContain("🖌️ En curso en este servidor: ninguno");
    const running = await startImagine(h, { prompt: "a lighthouse at dusk" });
    const details = await runStatus(world.mod, running.record.id, "es-ES");
    expect(details.embeds[0]?.title).toBe(`🔎 Trabajo ${running.record.id}`);
    expect(textOf(details)).toContain("⏳ En curso");
    expect(textOf(details)).toContain("en este servidor, desde un comando");
  });
});
