import type { ChatInputCommandInteraction, RepliableInteraction } from "discord.js";
import type { BotContext } from "../bot-context.js";
import { UserError } from "../errors.js";
import type { InteractionLanguages } from "../i18n/choose-language.js";
import { RefusedError, type AdmissionTicket } from "../admission/admission.js";
import type { Job, UpscaleSource } from "../imagine/job.js";
import type { SubmissionPlace } from "../moderation/server-rules.js";
import { withDefaultParameters } from "../prompt/default-parameters.js";
import { interactionLocation } from "./interaction-location.js";
import { tryAgainRows } from "./components/try-again-rows.js";
import { isModerator } from "./moderator.js";
import { memberRoleIds, submissionPlace } from "./submission-place.js";
import { refuseWithPrompt } from "./reply-with-error.js";
import type { PromptDefaults } from "../prompt/assemble-prompt.js";
import { promptDefaultsOf } from "../settings/settings-actions.js";
import type { MemberSettings } from "../settings/settings.js";

/** A job someone asks for, as admission and the audit channel see it. */
export interface JobRequest {
  requesterId: string;
  guildId: string | null;
  prompt: string;
  isModerator: boolean;
  /** The `ref` the job will be created with (interaction or DM message id). */
  ref: string;
  /** The member's roles (per-role limits); none in DMs. */
  roleIds?: readonly string[];
  /** The channel it was asked in (a server's channel rules); `null` in DMs. */
  place?: SubmissionPlace | null;
}

/**
 * Admits a new job (limits, banned words, service health); a refusal is posted to the audit channel before
 * it is thrown.
 * @throws {RefusedError} when the job may not start.
 */
export async function admitAndAudit(
  app: Pick<BotContext, "admission" | "audit">,
  request: JobRequest,
): Promise<AdmissionTicket> {
  const { requesterId, guildId, prompt } = request;
  try {
    return await app.admission.admit({
      userId: requesterId,
      guildId,
      isModerator: request.isModerator,
      prompt,
      ref: request.ref,
      ...(request.roleIds ? { roleIds: request.roleIds } : {}),
      ...(request.place ? { place: request.place } : {}),
    });
  } catch (err) {
    if (err instanceof RefusedError) {
      void app.audit.record({ kind: "refused", requesterId, guildId, prompt, detail: err.reason });
    }
    throw err;
  }
}

/**
 * Creates an admitted job with `create`, holding its admission place meanwhile; once created, the
 * requester's cooldown starts and the submission is posted to the audit channel.
 */
export async function createAdmitted(
  app: Pick<BotContext, "audit" | "logger">,
  ticket: AdmissionTicket,
  request: JobRequest,
  create: () => Promise<Job>,
): Promise<Job> {
  try {
    const job = await create();
    await ticket.submitted().catch((err: unknown) => {
      app.logger.warn({ err, userId: request.requesterId }, "saving the submission time failed");
    });
    const { requesterId, guildId, prompt } = request;
    void app.audit.record({ kind: "submitted", requesterId, guildId, prompt, jobId: job.imageId });
    return job;
  } finally {
    ticket.release();
  }
}

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
  app: BotContext,
  admit: () => Promise<T>,
): Promise<T> {
  const now = app.clock.now();
  const deadline = Math.min(interaction.createdTimestamp, now) + ACKNOWLEDGE_DEADLINE_MS;
  let deferral: Promise<unknown> | undefined;
  const cancel = app.clock.setTimer(() => {
    app.logger.debug({ interactionId: interaction.id }, "admission is slow; acknowledging the interaction");
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
  /** The job is an Enhance of this grid image. */
  upscale?: UpscaleSource;
  /** The requester's preferences, when the caller has already read them (else they are read here). */
  member?: MemberSettings;
}

/**
 * Admits the prompt (limits, banned words, service health: a refusal is an ephemeral reply with the prompt
 * and a Try again button, see `components/try-again.ts`), acknowledges
 * the interaction within Discord's 3 seconds (a public deferred reply, made earlier when admission is slow:
 * see {@link admitInTime}), then creates the job; its message is the deferred reply, edited as the job
 * progresses. With `upscale`, the job is an Enhance of that grid image (the prompt is the grid's, shown
 * with it): admitted, followed and delivered the same way. The job's messages are in `lang.public` for as
 * long as it runs; a refusal is in `lang.ephemeral`. Returns the job, or `null` when it was refused (and
 * the requester told why).
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction
 */
export async function startImagineJob(
  interaction: RepliableInteraction,
  app: BotContext,
  prompt: string,
  lang: InteractionLanguages,
  options: StartOptions = {},
): Promise<Job | null> {
  const { upscale } = options;
  const request: JobRequest = {
    requesterId: interaction.user.id,
    guildId: interaction.guildId,
    prompt,
    isModerator: isModerator(interaction),
    ref: interaction.id,
    roleIds: memberRoleIds(interaction),
    place: submissionPlace(interaction),
  };
  try {
    const { ticket, deliverByDm } = await admitInTime(interaction, app, async () => ({
      // Read before admission: the ticket's place is held from admission until the job is created.
      deliverByDm:
        interaction.inGuild() &&
        (options.member ?? (await app.settings.member(interaction.user.id))).delivery === "dm",
      ticket: await admitAndAudit(app, request),
    }));
    return await createAdmitted(app, ticket, request, async () => {
      if (!interaction.deferred) await interaction.deferReply();
      return app.imagine.submit({
        // An Enhance keeps the prompt of the grid it enlarges, which had the defaults already.
        prompt: upscale ? prompt : withDefaultParameters(prompt, ticket.settings.defaultParameters.value),
        ref: interaction.id,
        requesterId: interaction.user.id,
        source: "interaction",
        location: interactionLocation(interaction),
        language: lang.public.language,
        ...(upscale ? { upscale } : {}),
        ...(deliverByDm ? { deliverByDm } : {}),
      });
    });
  } catch (err) {
    // A refusal concerns only the requester, and keeps their prompt so it can be copied or tried again.
    const log = app.logger.child({ interactionId: interaction.id, userId: interaction.user.id });
    const refused = { id: interaction.id, userId: interaction.user.id };
    const rows = await tryAgainRows(app, refused, err, prompt, log, lang.ephemeral);
    await refuseWithPrompt(interaction, err, prompt, log, lang.ephemeral, rows);
    return null;
  }
}

/**
 * Runs the command's prompt checks (`prepare`, given what the member's preferences add to the prompt),
 * then {@link startImagineJob}. A prompt the checks refuse (empty, too long, an invalid parameter, a bad
 * attachment) is answered ephemerally with what the user
 * typed (`typed`, when there is text) so it can be copied and fixed; no Try again, as the same text would
 * be refused again.
 */
export async function checkAndStartJob(
  interaction: ChatInputCommandInteraction,
  app: BotContext,
  typed: string,
  lang: InteractionLanguages,
  prepare: (defaults: PromptDefaults) => string,
): Promise<void> {
  // Read once: its suffix and aspect ratio join the prompt, its delivery choice goes with the job.
  const member = await app.settings.member(interaction.user.id);
  let prompt: string;
  try {
    prompt = prepare(promptDefaultsOf(member));
  } catch (err) {
    if (!(err instanceof UserError) || typed.trim() === "") throw err;
    const log = app.logger.child({ interactionId: interaction.id, userId: interaction.user.id });
    await refuseWithPrompt(interaction, err, typed, log, lang.ephemeral);
    return;
  }
  await startImagineJob(interaction, app, prompt, lang, { member });
}
