/**
 * The start flow every new job goes through, whoever asks and however they are answered: admission (limits,
 * banned words, service health), the audit channel, the requester's cooldown, then the job is created. A
 * {@link JobResponder} is what differs between a slash command or button (`interaction-start.ts`) and a
 * DM prompt (`dm-prompt.ts`): how admission is acknowledged, where the job's message is, how a refusal is told.
 */
import type { APIActionRowComponent, APIButtonComponent } from "discord-api-types/v10";
import type { BotContext } from "../../src/bot-context.js";
import { RefusedError, type AdmissionTicket } from "../../src/admission/admission.js";
import { shownJobId, type Job, type MessageLocation } from "../../src/imagine/job.js";
import { unknownKind } from "../../src/imagine/job-kind.js";
import type { JobRequest } from "../../src/imagine/job-request.js";
import type { Language } from "../../src/i18n/languages.js";
import type { Translator } from "../../src/i18n/translate.js";
import type { Logger } from "../../src/logger.js";
import { promptToSend } from "../../src/prompt/prompt-to-send.js";
import { withoutSpeeds, type Speed } from "../../src/prompt/speed.js";
import { tryAgainRows } from "./try-again-rows.js";
import { requireFetchableImageLinks } from "../../src/discord/attachment-links.js";

/** How one kind of request is answered while its job starts. */
export interface JobResponder {
  readonly source: Job["source"];
  /** The language of the job's messages, for as long as it runs. */
  readonly language: Language;
  /** The language a refusal is told in (it concerns only the requester). */
  readonly refusalLanguage: Translator;
  /**
   * Runs `admit` (reads and admission, ending in a ticket); an interaction is acknowledged meanwhile if
   * admission is slow. @throws what `admit` throws.
   */
  admit<T extends { ticket: AdmissionTicket }>(admit: () => Promise<T>): Promise<T>;
  /** Whether the result goes to the requester's DMs (their `/settings` choice, in a server). */
  deliverByDm(): Promise<boolean>;
  /**
   * The requester's own speed (`/settings speed`): sent with a prompt that names none where they may use it
   * and the server can run it, else skipped for the server's default (`Admission.defaultSpeed`).
   */
  memberSpeed(): Promise<Speed | undefined>;
  /** Shows that the job is being created, and returns where its messages go. */
  answer(): Promise<MessageLocation>;
  /** Tells the requester why the job did not start, with `rows` (a Try again button) under a refusal. */
  fail(err: unknown, rows: readonly APIActionRowComponent<APIButtonComponent>[]): Promise<void>;
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
  try {
    return await app.admission.admit(request);
  } catch (err) {
    if (err instanceof RefusedError) {
      const { requester, prompt } = request;
      const { userId: requesterId, guildId } = requester;
      void app.audit.record({
        kind: "refused",
        requesterId,
        guildId,
        prompt: prompt.text,
        detail: err.reason,
      });
    }
    throw err;
  }
}

/**
 * The default parameters `request`'s prompt is sent with (each added only when the prompt sets none): where
 * a prompt is sent, the server's, with the speed chosen for a prompt that names none (the member's, else the
 * server's, where allowed); none for an upscale, which keeps the prompt of the grid it enlarges (that had
 * them already).
 */
function defaultsFor(
  app: Pick<BotContext, "admission">,
  request: JobRequest,
  ticket: AdmissionTicket,
  memberSpeed: Speed | undefined,
): string {
  const { kind } = request;
  switch (kind.name) {
    case "imagine":
      break;
    case "upscale":
      return "";
    default:
      return unknownKind(kind);
  }
  const speed = app.admission.defaultSpeed(ticket.settings, memberSpeed);
  const defaults = withoutSpeeds(ticket.settings.defaultParameters.value);
  return speed === null ? defaults : `${defaults} --${speed}`.trim();
}

/**
 * Checks what is sent of `request`'s prompt: that the generator can fetch its image links, where a prompt is
 * sent; an upscale sends none (it keeps the prompt of the grid it enlarges).
 * @throws what {@link requireFetchableImageLinks} throws.
 */
function requireSendablePrompt(request: JobRequest): void {
  const { kind } = request;
  switch (kind.name) {
    case "imagine":
      requireFetchableImageLinks(request.prompt);
      return;
    case "upscale":
      return;
    default:
      unknownKind(kind);
  }
}

/**
 * Creates an admitted job with `create`, holding its admission place meanwhile; once created, the
 * requester's cooldown starts and the submission is posted to the audit channel.
 */
async function createAdmitted(
  app: Pick<BotContext, "audit">,
  ticket: AdmissionTicket,
  request: JobRequest,
  log: Logger,
  create: () => Promise<Job>,
): Promise<Job> {
  try {
    const job = await create();
    await ticket.submitted().catch((err: unknown) => {
      log.warn({ err }, "saving the submission time failed");
    });
    const { userId: requesterId, guildId } = request.requester;
    void app.audit.record({
      kind: "submitted",
      requesterId,
      guildId,
      prompt: request.prompt.text,
      jobId: shownJobId(job),
    });
    return job;
  } finally {
    ticket.release();
  }
}

/**
 * Starts the job of `request`: admitted (see {@link admitAndAudit}), answered by `responder`, then created
 * with `ref` = the request's. A refusal before the job exists keeps the prompt and shows a Try again button
 * when it may go differently later (`try-again-rows.ts`). Returns the job, or `null` when it did not start
 * (and the requester was told why by `responder`).
 */
export async function startJob(
  app: BotContext,
  request: JobRequest,
  responder: JobResponder,
  log: Logger,
): Promise<Job | null> {
  try {
    const { ticket, deliverByDm, memberSpeed } = await responder.admit(async () => ({
      // Read before admission: the ticket's place is held from admission until the job is created.
      deliverByDm: await responder.deliverByDm(),
      memberSpeed: await responder.memberSpeed(),
      ticket: await admitAndAudit(app, request),
    }));
    return await createAdmitted(app, ticket, request, log, async () => {
      requireSendablePrompt(request);
      const location = await responder.answer();
      const prompt = await promptToSend(request.prompt, {
        defaultParameters: defaultsFor(app, request, ticket, memberSpeed),
        refreshLinks: (urls) => app.messenger.refreshAttachmentLinks(urls),
        now: app.now(),
      });
      return app.imagine.submit(
        { ...request, prompt },
        {
          source: responder.source,
          location,
          language: responder.language,
          ...(deliverByDm ? { deliverByDm } : {}),
        },
      );
    });
  } catch (err) {
    const rows = await tryAgainRows(app, request, err, log, responder.refusalLanguage);
    await responder.fail(err, rows);
    return null;
  }
}
