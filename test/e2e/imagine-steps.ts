/**
 * Steps the /imagine end-to-end tests share: a member runs /imagine and the job is driven to its finished
 * grid by hand (the reference service runs in manual mode), and finding buttons on a message.
 */
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { UserRef } from "../../tools/discord-emulator/world/world-types.js";
import type { ServiceRecord as ImageRecord } from "../../tools/reference-service/index.js";
import type { BotHarness } from "../support/bot-harness.js";
import { messageNonce, upscaleAction } from "../../src/imagine/posted-message.js";
import { buttonsOf, textOf } from "../support/message-view.js";

/** A job started by /imagine, seen after its first visible message. */
export interface StartedJob {
  handle: InteractionHandle;
  record: ImageRecord;
  /** The first message shown after "thinking": waiting in line. */
  waiting: MessageSnapshot;
}

/** The buttons of a finished grid, row by row: U1-U4 and 🔄, then the result tools. */
export const GRID_BUTTON_LABELS = ["U1", "U2", "U3", "U4", "🔄", "Remix", "Prompt", "Delete"];

/** Whether the message is a finished grid (it has the U1-U4 and 🔄 buttons). */
export function isGrid(message: MessageSnapshot): boolean {
  return buttonsOf(message).some((b) => isLabel(b.label, "U1"));
}

/**
 * Whether a button's label is `label`, alone or numbered as in a message carrying several results
 * ("#2 U1", "🔄 #2").
 */
export function isLabel(actual: string | undefined, label: string): boolean {
  return actual === label || (actual !== undefined && new RegExp(`^#\\d+ ${label}$`).test(actual));
}

/** The custom id of the button labelled `label` on `message`. */
export function buttonId(message: MessageSnapshot, label: string): string {
  const button = buttonsOf(message).find((b) => b.label === label);
  if (!button) throw new Error(`no button "${label}" on message ${message.id}: ${textOf(message)}`);
  return button.customId;
}

/** `user` clicks the button labelled `label` on `message`. */
export function clickLabel(
  h: BotHarness,
  message: MessageSnapshot,
  label: string,
  user: UserRef,
): Promise<InteractionHandle> {
  return h.emu.clickButton({ message, customId: buttonId(message, label), user });
}

/** The image record the service created for an interaction (its `ref` is the interaction id). */
export function recordFor(h: BotHarness, interactionId: string): ImageRecord | undefined {
  return h.service.records().find((r) => r.ref === interactionId);
}

/** Runs /imagine as `user` and waits until the bot shows the job as waiting in line. */
export async function startImagine(
  h: BotHarness,
  options: { prompt: string; user?: UserRef; channelId?: string },
): Promise<StartedJob> {
  const handle = await h.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt: options.prompt },
    user: options.user ?? h.world.alice,
    channelId: options.channelId ?? h.world.general.id,
  });
  const waiting = await handle.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
  // A self-hosted server keeps no ref: the bot's own job (keyed by the interaction id) names the image.
  const job = await h.bot.context.imagine.findJob(handle.id);
  const record = recordFor(h, handle.id) ?? h.service.records().find((r) => r.id === job?.imageId);
  if (!record) throw new Error(`no image record for interaction ${handle.id}`);
  return { handle, record, waiting };
}

/**
 * Waits for the job's result: the new message the bot posts (in the channel, or by DM) when the job ends,
 * found by the nonce it is posted with (a deleted one does not count).
 */
export function waitForResult(
  h: Pick<BotHarness, "emu">,
  jobId: string,
  where: (message: MessageSnapshot) => boolean = () => true,
  options: { timeoutMs?: number } = {},
): Promise<MessageSnapshot> {
  return h.emu.waitFor(() => resultsOf(h, jobId).find((m) => !m.deleted && where(m)), {
    description: `the result of job ${jobId}`,
    ...options,
  });
}

/** Runs /imagine as `user`, completes the job at once, and returns the finished grid message. */
export async function imagineGrid(
  h: BotHarness,
  options: { prompt: string; user?: UserRef; channelId?: string },
): Promise<StartedJob & { grid: MessageSnapshot }> {
  const started = await startImagine(h, options);
  h.service.completeNow(started.record.id);
  const grid = await waitForResult(h, started.record.id, isGrid);
  return { ...started, grid };
}

/**
 * Every message posted (deleted or not) as the job's result: exactly one once the job is delivered. A result
 * posted alone carries the job's result nonce; one posted with others (a busy channel) carries its batch's
 * nonce and names its job in an embed's footer (also when a batch recorded before a crash goes out again
 * with fewer of its results). Messages replying to another (an image of a grid) are not results.
 */
export function resultsOf(h: Pick<BotHarness, "emu">, jobId: string): MessageSnapshot[] {
  const nonce = messageNonce(jobId, "result");
  return h.emu.messagesWhere(
    (m) =>
      m.nonce === nonce ||
      (m.nonce !== null &&
        m.replyTo === null &&
        m.embeds.some((e) => e.footer?.text?.includes(jobId) === true)),
  );
}

/** Waits for the message posted with image U(index+1) of the job (found by its nonce). */
export function waitForUpscale(
  h: Pick<BotHarness, "emu">,
  jobId: string,
  index: number,
): Promise<MessageSnapshot> {
  const nonce = messageNonce(jobId, upscaleAction(index));
  return h.emu.waitFor(() => h.emu.messagesWithNonce(nonce).find((m) => !m.deleted), {
    description: `image U${index + 1} of job ${jobId}`,
  });
}

/**
 * Waits until the job ended for the bot (its result posted and its progress message removed): it no
 * longer counts towards anyone's limits.
 */
export function waitForJobEnd(h: Pick<BotHarness, "emu" | "bot">, jobId: string): Promise<true> {
  return h.emu.waitFor(() => h.bot.context.imagine.activeJobs().every((j) => j.imageId !== jobId), {
    description: `job ${jobId} to end`,
  });
}
