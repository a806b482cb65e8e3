/**
 * /imagine end to end when the image service refuses or fails the create request: the deferred reply
 * explains it in words, the owner's log has the detail (never the token), and the bot keeps working.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { InjectedFault } from "../../src/reference-service/index.js";
import { startReferenceService, type ReferenceService } from "../../src/reference-service/index.js";
import { startBotHarness, type BotHarness, type BotHarnessOptions } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";

let h: BotHarness;
let replacement: ReferenceService | undefined;
afterEach(async () => {
  await h?.stop();
  await replacement?.close();
  replacement = undefined;
});

/** Alice runs /imagine in #general; resolves with the first visible reply (the deferred one, filled in). */
async function imagine(prompt: string) {
  const handle = await h.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt },
    user: h.world.alice,
    channelId: h.world.general.id,
  });
  const reply = await handle.waitForResponse({ timeoutMs: 8000 });
  return { handle, reply };
}

/** The next /imagine is accepted: a record is created and its "waiting" message is shown. */
async function expectImagineWorks(service: ReferenceService = h.service): Promise<void> {
  const before = service.records().length;
  const { handle, reply } = await imagine("a lighthouse at dusk");
  expect(textOf(reply)).toMatch(/waiting in queue/i);
  expect(service.records()).toHaveLength(before + 1);
  expect(service.records().at(-1)?.ref).toBe(handle.id);
}

/** Log lines written at warn level or above (pino: 40 warn, 50 error). */
function ownerLogLines(): string[] {
  return h.logs.lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 40);
}

function expectNoTokenInLogs(...tokens: string[]): void {
  for (const token of [h.service.token, ...tokens]) expect(h.logs.text()).not.toContain(token);
}

/** Starts the harness with `faults` answering only the create request (the health check passes). */
async function startWithCreateFaults(faults: InjectedFault[], options: BotHarnessOptions = {}) {
  h = await startBotHarness(options);
  h.service.faults.match = /^POST \/items\/images$/;
  h.service.faults.queue.push(...faults);
}

describe("/imagine when the image service refuses the create request", () => {
  test("with a wrong service token the reply says the bot is misconfigured and the owner's log names the cause", async () => {
    h = await startBotHarness({ env: { IMAGINE_API_TOKEN: "wrong-token-123" } });
    const { reply } = await imagine("a lighthouse at dusk");

    expect(reply.ephemeral).toBe(false);
    expect(textOf(reply)).toMatch(/The bot is misconfigured/);
    expect(textOf(reply)).toMatch(/did not accept the bot's credentials/);
    expect(textOf(reply)).not.toContain("wrong-token-123");
    expect(h.service.records()).toEqual([]);
    const owner = ownerLogLines().join("\n");
    expect(owner).toContain("check IMAGINE_API_TOKEN");
    expect(owner).toContain("INVALID_CREDENTIALS");
    expectNoTokenInLogs("wrong-token-123");

    // Still up: the next user gets the same clear answer rather than silence.
    const again = await imagine("a second try");
    expect(textOf(again.reply)).toMatch(/The bot is misconfigured/);
    h.emu.assertNoRejectedRequests();
  });

  test.each([
    {
      name: "a used-up quota",
      faults: ["quota"] as InjectedFault[],
      retryAfterSeconds: 1,
      shown: /The image quota is used up/,
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
    await startWithCreateFaults(c.faults);
    h.service.faults.retryAfterSeconds = c.retryAfterSeconds;
    const { reply } = await imagine("a lighthouse at dusk");

    expect(textOf(reply)).toMatch(c.shown);
    expect(h.service.records()).toEqual([]);
    expect(ownerLogLines().join("\n")).toMatch(c.logged);
    expectNoTokenInLogs();
    await expectImagineWorks();
    h.emu.assertNoRejectedRequests();
  });

  test("a prompt the service refuses as invalid shows the service's reason, and a corrected /imagine works", async () => {
    h = await startBotHarness({ service: { maxBodyBytes: 200 } });
    const { reply } = await imagine(`a lighthouse at dusk, ${"very detailed, ".repeat(15)}`);

    expect(textOf(reply)).toMatch(/The prompt was refused/);
    expect(textOf(reply)).toMatch(/Uploaded content is too large/);
    expect(textOf(reply)).toMatch(/Change the prompt and try again/);
    expect(ownerLogLines().join("\n")).toMatch(/CONTENT_TOO_LARGE/);
    expectNoTokenInLogs();
    await expectImagineWorks();
    h.emu.assertNoRejectedRequests();
  });
});

describe("/imagine when the image service is down or slow", () => {
  test("a proxy's HTML 502 page on every request says the service is unavailable, and the bot recovers with it", async () => {
    h = await startBotHarness();
    h.service.faults.queue.push(...Array<InjectedFault>(6).fill("502-html"));
    const { reply } = await imagine("a lighthouse at dusk");

    expect(textOf(reply)).toMatch(/The image service is unavailable/);
    expect(textOf(reply)).toMatch(/Try again in a few minutes/);
    expect(textOf(reply)).not.toMatch(/html|nginx|502/i);
    expect(ownerLogLines().join("\n")).toMatch(/502 Bad Gateway/);
    expectNoTokenInLogs();
    h.service.faults.queue.length = 0;
    await expectImagineWorks();
    h.emu.assertNoRejectedRequests();
  });

  test("a service that refuses connections says it is unavailable, and /imagine works once it is back", async () => {
    h = await startBotHarness();
    const { port } = new URL(h.service.url);
    await h.service.close();
    const { reply } = await imagine("a lighthouse at dusk");

    expect(textOf(reply)).toMatch(/The image service is unavailable/);
    expect(ownerLogLines().join("\n")).toMatch(/ECONNREFUSED/);
    expectNoTokenInLogs();

    replacement = await startReferenceService({
      port: Number(port),
      tickMs: 0,
      tokens: { [h.service.token]: "local-user" },
    });
    await expectImagineWorks(replacement);
    h.emu.assertNoRejectedRequests();
  });

  test("a create request that gets no answer within SERVICE_TIMEOUT_MS says the service is unavailable", async () => {
    await startWithCreateFaults(["hang"], { env: { SERVICE_TIMEOUT_MS: "300" } });
    const { reply } = await imagine("a lighthouse at dusk");

    expect(textOf(reply)).toMatch(/The image service is unavailable/);
    expect(ownerLogLines().join("\n")).toMatch(/did not answer within 300 ms while creating an image/);
    expectNoTokenInLogs();
    await expectImagineWorks();
    h.emu.assertNoRejectedRequests();
  });

  test("a health check that hangs does not keep the user waiting: the command is acknowledged in time and the job starts", async () => {
    h = await startBotHarness({ env: { SERVICE_TIMEOUT_MS: "5000" } });
    h.service.faults.match = /^GET \/items\/status$/;
    h.service.faults.queue.push("hang");
    const { reply } = await imagine("a lighthouse at dusk");

    expect(textOf(reply)).toMatch(/waiting in queue/i);
    expect(h.service.records()).toHaveLength(1);
    h.emu.assertNoRejectedRequests();
  });
});
