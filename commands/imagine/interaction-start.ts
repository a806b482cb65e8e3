/**
 * The start flow (`start-job.ts`) answered through an interaction: `/imagine`, `/blend`, 🔄, Enhance and
 * Try again. The interaction is acknowledged within Discord's 3 seconds, the job's message is its deferred
 * reply, and a refusal is shown only to the requester.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction
 */
import type { RepliableInteraction } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import type { HandlerContext } from "../../src/discord/command.js";
import { interactionLocation } from "../../src/discord/interaction-location.js";
import { refuseWithPrompt } from "../../src/discord/reply-with-error.js";
import { requesterOf, submissionPlace } from "../../src/discord/submission-place.js";
import { UserError } from "../../src/errors.js";
import type { AdmissionTicket } from "../../src/admission/admission.js";
import type { Job, JobOrigin } from "../../src/imagine/job.js";
import { IMAGINE, type JobKind } from "../../src/imagine/job-kind.js";
import type { JobRequest } from "../../src/imagine/job-request.js";
import type { Logger } from "../../src/logger.js";
import type { PromptDefaults } from "../../src/prompt/assemble-prompt.js";
import type { Prompt } from "../../src/prompt/prompt.js";
import { promptDefaultsOf } from "../../src/settings/settings-actions.js";
import type { MemberSettings } from "../../src/settings/settings.js";
import type { Style } from "../../src/settings/styles.js";
import { startJob, type JobResponder } from "./start-job.js";

/**
 * How long after an interaction was created admission may take before the bot acknowledges it anyway:
 * Discord drops an interaction not acknowledged within 3 seconds, and the deferral itself takes a round trip.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction
 */
export const ACKNOWLEDGE_DEADLINE_MS = 2000;

/**
 * Runs `admit` (reads and admission, ending in a ticket) for `interaction`; when it has not decided
 * {@link ACKNOWLEDGE_DEADLINE_MS} after the interaction was created (or, if the clocks disagree, after it
 * arrived), defers the reply (public "thinking…") meanwhile, so the interaction is acknowledged in time. A
 * refusal after such a deferral is still answered privately by {@link refuseWithPrompt} (it deletes the
 * public placeholder first).
 * @throws {RefusedError} when the job may not start; the deferral's error when it failed (the ticket is
 *   then released).
 */
async function admitInTime<T extends { ticket: AdmissionTicket }>(
  interaction: RepliableInteraction,
  app: Pick<BotContext, "clock">,
  log: Logger,
  admit: () => Promise<T>,
): Promise<T> {
  const now = app.clock.now();
  const deadline = Math.min(interaction.createdTimestamp, now) + ACKNOWLEDGE_DEADLINE_MS;
  let deferral: Promise<unknown> | undefined;
  const cancel = app.clock.setTimer(() => {
    log.debug("admission is slow; acknowledging the interaction");
    deferral = interaction.deferReply();
    // Awaited below, once admission has decided.
    deferral.catch(() => {});
  }, deadline - now);
  let admitted: T;
  try {
    admitted = await admit();
  } catch (err) {
    cancel();
    // The refusal is answered whether or not the deferral went through.
    await deferral?.catch(() => {});
    throw err;
  }
  cancel();
  try {
    await deferral;
  } catch (err) {
    admitted.ticket.release();
    throw err;
  }
  return admitted;
}

/** What {@link startImagineJob} may be given besides the prompt. */
export interface StartOptions {
  /** What the job makes. Default: a grid from the prompt. */
  kind?: JobKind;
  /** The requester's preferences, when the caller has already read them (else they are read here). */
  member?: MemberSettings;
  /** The job is a Remix or More like this of this one. */
  origin?: JobOrigin;
  /** The name of the server's style whose text the prompt holds. */
  style?: string;
}

/** The request of `interaction` for `prompt`: its user, server, roles and channel; `ref` is its id. */
export function jobRequestOf(
  interaction: RepliableInteraction,
  prompt: Prompt,
  options: StartOptions = {},
): JobRequest {
  return {
    requester: requesterOf(interaction),
    ref: interaction.id,
    place: submissionPlace(interaction),
    prompt,
    kind: options.kind ?? IMAGINE,
    ...(options.origin ? { origin: options.origin } : {}),
    ...(options.style ? { style: options.style } : {}),
  };
}

/** Answers the start flow through `interaction` (see the module comment). */
function interactionResponder(
  interaction: RepliableInteraction,
  { app, log, lang }: HandlerContext<BotContext>,
  prompt: Prompt,
  options: StartOptions,
): JobResponder {
  // Read once, when first needed (inside admission's time), unless the caller has read it already.
  let read: Promise<MemberSettings> | undefined = options.member && Promise.resolve(options.member);
  const member = () => (read ??= app.settings.member(interaction.user.id));
  return {
    source: "interaction",
    language: lang.public.language,
    refusalLanguage: lang.ephemeral,
    admit: (admit) => admitInTime(interaction, app, log, admit),
    deliverByDm: async () => interaction.inGuild() && (await member()).delivery === "dm",
    memberSpeed: async () => (await member()).speed,
    async answer() {
      if (!interaction.deferred) await interaction.deferReply();
      return interactionLocation(interaction);
    },
    // A refusal concerns only the requester, and keeps their prompt so it can be copied or tried again.
    fail: (err, rows) => refuseWithPrompt(interaction, err, prompt.text, log, lang.ephemeral, rows),
  };
}

/**
 * Starts a job for `prompt` through the start flow (`start-job.ts`), answered through `interaction`:
 * acknowledged within Discord's 3 seconds (a public deferred reply, made earlier when admission is slow: see
 * {@link admitInTime}); the job's message is the deferred reply, edited as the job progresses. With an
 * upscale `options.kind`, the job is an Enhance of that grid image. The job's messages are in `lang.public`
 * for as long as it runs; a refusal is in `lang.ephemeral`, with the prompt and a Try again button. Returns
 * the job, or `null` when it was refused (and the requester told why).
 */
export function startImagineJob(
  interaction: RepliableInteraction,
  context: HandlerContext<BotContext>,
  prompt: Prompt,
  options: StartOptions = {},
): Promise<Job | null> {
  const request = jobRequestOf(interaction, prompt, options);
  const responder = interactionResponder(interaction, context, prompt, options);
  return startJob(context.app, request, responder, context.log);
}

/**
 * Runs the command's prompt checks (`prepare`, given what the member's preferences add to the prompt),
 * then {@link startImagineJob}. A prompt the checks refuse (empty, too long, an invalid parameter, a bad
 * attachment) is answered ephemerally with what the user typed (`typed`, when there is text) so it can be
 * copied and fixed; no Try again, as the same text would be refused again. `style`, the server's style the
 * member picked, joins the prompt (see `assemblePrompt`) and is shown with the job.
 */
export async function checkAndStartJob(
  interaction: RepliableInteraction,
  context: HandlerContext<BotContext>,
  typed: string,
  prepare: (defaults: PromptDefaults) => Prompt,
  options: Pick<StartOptions, "origin"> & { style?: Style } = {},
): Promise<Job | null> {
  const { app, log, lang } = context;
  // Read once: its suffix and aspect ratio join the prompt, its delivery choice goes with the job.
  const member = await app.settings.member(interaction.user.id);
  let prompt: Prompt;
  try {
    prompt = prepare({
      ...promptDefaultsOf(member),
      ...(options.style ? { style: options.style.text } : {}),
    });
  } catch (err) {
    if (!(err instanceof UserError) || typed.trim() === "") throw err;
    await refuseWithPrompt(interaction, err, typed, log, lang.ephemeral);
    return null;
  }
  return startImagineJob(interaction, context, prompt, {
    ...(options.origin ? { origin: options.origin } : {}),
    member,
    ...(options.style ? { style: options.style.name } : {}),
  });
}
