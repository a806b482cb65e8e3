/**
 * /imagine end to end when the image service is down or slow (a proxy's HTML error page, connection
 * refused, no answer): the user is answered in time with a clear message, and /imagine works again once
 * the service does.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { InjectedFault } from "../../tools/reference-service/index.js";
import { startReferenceService, type ReferenceService } from "../../tools/reference-service/index.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import {
  expectImagineWorks,
  expectNoTokenInLogs,
  imagineReply,
  ownerLog,
  startWithCreateFaults,
} from "./service-error-steps.js";

let h: BotHarness;
let replacement: ReferenceService | undefined;
afterEach(async () => {
  await h?.stop();
  await replacement?.close();
  replacement = undefined;
});

describe("/imagine when the image service is down or slow", () => {
  test("a proxy's HTML 502 page on every request says the service is unavailable, and the bot recovers with it", async () => {
    h = await startBotHarness();
    h.service.faults.queue.push(...Array<InjectedFault>(6).fill("502-html"));
    const { reply } = await imagineReply(h, "a lighthouse at dusk --ar 16:9");

    // Only the requester sees it, with the prompt to copy; the channel keeps nothing of it.
    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toContain("a lighthouse at dusk --ar 16:9");
    const botInGeneral = h.emu.messagesIn(h.world.general).filter((m) => m.author.id === h.emu.botUser.id);
    expect(botInGeneral).toEqual([]);

    expect(textOf(reply)).toMatch(/The image service is unavailable/);
    expect(textOf(reply)).toMatch(/Try again in a few minutes/);
    expect(textOf(reply)).not.toMatch(/html|nginx|\b502\b/i);
    expect(ownerLog(h)).toMatch(/502 Bad Gateway/);
    expectNoTokenInLogs(h);
    h.service.faults.queue.length = 0;
    await expectImagineWorks(h);
    h.emu.assertNoRejectedRequests();
  });

  test("a service that refuses connections says it is unavailable, and /imagine works once it is back", async () => {
    h = await startBotHarness();
    const { port } = new URL(h.service.url);
    await h.service.close();
    const { reply } = await imagineReply(h, "a lighthouse at dusk");

    expect(textOf(reply)).toMatch(/The image service is unavailable/);
    expect(ownerLog(h)).toMatch(/ECONNREFUSED/);
    expectNoTokenInLogs(h);

    replacement = await startReferenceService({
      port: Number(port),
      tickMs: 0,
      tokens: { [h.service.token]: "local-user" },
    });
    await expectImagineWorks(h, replacement);
    h.emu.assertNoRejectedRequests();
  });

  test("a create request that gets no answer within SERVICE_TIMEOUT_MS says the service is unavailable", async () => {
    h = await startWithCreateFaults(["hang"], { env: { SERVICE_TIMEOUT_MS: "300" } });
    const { reply } = await imagineReply(h, "a lighthouse at dusk");

    expect(textOf(reply)).toMatch(/The image service is unavailable/);
    expect(ownerLog(h)).toMatch(/did not answer within 300 ms while creating an image/);
    expectNoTokenInLogs(h);
    await expectImagineWorks(h);
    h.emu.assertNoRejectedRequests();
  });

  test("a health check that hangs does not keep the user waiting: the command is acknowledged in time and the job starts", async () => {
    h = await startBotHarness({ env: { SERVICE_TIMEOUT_MS: "5000" } });
    h.service.faults.match = /^GET \/items\/status$/;
    h.service.faults.queue.push("hang");
    const { reply } = await imagineReply(h, "a lighthouse at dusk");

    expect(textOf(reply)).toMatch(/waiting in line/i);
    expect(h.service.records()).toHaveLength(1);
    h.emu.assertNoRejectedRequests();
  });
});
