/**
 * /imagine end to end when the image service refuses the create request (token, quota, rate limit,
 * validation): the deferred reply explains it in words, the owner's log has the detail (never the token),
 * and the bot keeps working.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { InjectedFault } from "../../tools/reference-service/index.js";
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
afterEach(async () => {
  await h?.stop();
});

describe("/imagine when the image service refuses the create request", () => {
  test("with a wrong service token the reply says the bot is misconfigured and the owner's log names the cause", async () => {
    h = await startBotHarness({ env: { IMAGINE_API_TOKEN: "wrong-token-123" } });
    const { reply } = await imagineReply(h, "a lighthouse at dusk");

    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toMatch(/The bot is misconfigured/);
    expect(textOf(reply)).toMatch(/did not accept the bot's credentials/);
    expect(textOf(reply)).not.toContain("wrong-token-123");
    expect(h.service.records()).toEqual([]);
    expect(ownerLog(h)).toContain("check IMAGINE_API_TOKEN");
    expect(ownerLog(h)).toContain("INVALID_CREDENTIALS");
    expectNoTokenInLogs(h, "wrong-token-123");

    // Still up: the next user gets the same clear answer rather than silence.
    const again = await imagineReply(h, "a second try");
    expect(textOf(again.reply)).toMatch(/The bot is misconfigured/);
    h.emu.assertNoRejectedRequests();
  });

  test.each([
    {
      name: "a used-up quota",
      faults: ["quota"] as InjectedFault[],
      retryAfterSeconds: 1,
      shown: /The image quota is used up[\s\S]*An admin can add more/,
      logged: /IMAGE_ERROR/,
    },
    {
      name: "a rate limit asking for a longer wait than the bot's cap",
      faults: ["429"] as InjectedFault[],
      retryAfterSeconds: 120,
      shown: /The image service is busy[\s\S]*Try again in 120 s/,
      logged: /REQUESTS_EXCEEDED/,
    },
  ])("$name is explained in the reply, logged for the owner, and the next /imagine works", async (c) => {
    h = await startWithCreateFaults(c.faults);
    h.service.faults.retryAfterSeconds = c.retryAfterSeconds;
    const { reply } = await imagineReply(h, "a lighthouse at dusk");

    expect(textOf(reply)).toMatch(c.shown);
    expect(h.service.records()).toEqual([]);
    expect(ownerLog(h)).toMatch(c.logged);
    expectNoTokenInLogs(h);
    await expectImagineWorks(h);
    h.emu.assertNoRejectedRequests();
  });

  test("a prompt the service refuses as invalid shows the service's reason only to the requester, and a corrected /imagine works", async () => {
    h = await startBotHarness({ service: { maxBodyBytes: 200 } });
    const { reply } = await imagineReply(h, `a lighthouse at dusk, ${"very detailed, ".repeat(15)}`);

    expect(reply.ephemeral).toBe(true);
    expect(h.emu.messagesIn(h.world.general)).toEqual([]);
    expect(textOf(reply)).toMatch(/The prompt was refused/);
    expect(textOf(reply)).toMatch(/Uploaded content is too large/);
    expect(textOf(reply)).toMatch(/Change the prompt and try again/);
    expect(ownerLog(h)).toMatch(/CONTENT_TOO_LARGE/);
    expectNoTokenInLogs(h);
    await expectImagineWorks(h);
    h.emu.assertNoRejectedRequests();
  });
});
