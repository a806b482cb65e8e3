/**
 * Steps the /imagine service-error tests share: run /imagine and read the first visible reply, check that
 * a following /imagine works, and read what the bot logged for its owner.
 */
import { expect } from "vitest";
import type { InjectedFault, ReferenceService } from "../../tools/reference-service/index.js";
import { startBotHarness, type BotHarness, type BotHarnessOptions } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { answerTo } from "./admission-steps.js";

/**
 * The longest the image service client waits between the tries of one request to a server that refuses
 * connections: 4 tries, after full-jitter backoffs of up to 0.5, 1 and 2 s (the client's defaults,
 * src/service/request.ts). A create then goes to the next server, a poll counts as failed.
 */
export const RETRIES_MS = 3_500;

/** Alice runs /imagine in #general; resolves with the first visible reply (the deferred one, filled in). */
export async function imagineReply(h: BotHarness, prompt: string) {
  const handle = await h.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt },
    user: h.world.alice,
    channelId: h.world.general.id,
  });
  const reply = await answerTo(h, handle, 8000);
  return { handle, reply };
}

/** The next /imagine is accepted: a record is created and its "waiting" message is shown. */
export async function expectImagineWorks(
  h: BotHarness,
  service: ReferenceService = h.service,
): Promise<void> {
  const before = service.records().length;
  const { handle, reply } = await imagineReply(h, "a lighthouse at dusk");
  expect(textOf(reply)).toMatch(/waiting in line/i);
  expect(service.records()).toHaveLength(before + 1);
  expect(service.records().at(-1)?.ref).toBe(handle.id);
}

/** Log lines written at warn level or above (pino: 40 warn, 50 error), joined. */
export function ownerLog(h: BotHarness): string {
  return h.logs.lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 40).join("\n");
}

/** No log line holds the service token (nor any of `tokens`). */
export function expectNoTokenInLogs(h: BotHarness, ...tokens: string[]): void {
  for (const token of [h.service.token, ...tokens]) expect(h.logs.text()).not.toContain(token);
}

/** Starts the harness with `faults` answering only create requests (the health check passes). */
export async function startWithCreateFaults(
  faults: InjectedFault[],
  options: BotHarnessOptions = {},
): Promise<BotHarness> {
  const h = await startBotHarness(options);
  h.service.faults.match = /^POST \/items\/images$/;
  h.service.faults.queue.push(...faults);
  return h;
}
