/**
 * Running /imagine jobs through the emulator's control API and counting, from the emulator's request log,
 * the Discord calls each job cost: the deferral, the edits of its progress message, its result (a new
 * message found by the job's result `nonce`, or a follow-up with the result's buttons) and the deletion of
 * the progress message.
 */
import { messageNonce } from "../src/imagine/posted-message.js";
import type { EmulatorProcess, InteractionView, LoggedRequest, ServiceProcess } from "./stack.js";
import { pollUntil } from "./stats.js";

/** The Discord calls of one job, by kind. */
export interface JobCalls {
  /** The interaction callback (the deferred reply). */
  defer: number;
  /** Edits of the job's progress message. */
  edits: number;
  /** The message that shows the result, with buttons (posted with the job's result nonce, or a follow-up). */
  final: number;
  /** Deletions of the progress message once the result is posted. */
  deletes: number;
  /** Anything else sent with the job's interaction token (other follow-ups, reads). */
  other: number;
  total: number;
  /** Of `total`, how many Discord answered 429. */
  rateLimited: number;
  /** Real time (ms since 1970) the result message was accepted by the emulator; null when none was. */
  finalAt: number | null;
}

/**
 * Whether a message body carries the result's buttons (U1-U4, 🔄: custom ids `imagine:`); a job in
 * progress has only its Cancel button.
 */
export function hasButtons(body: unknown): boolean {
  const components = (body as { components?: unknown } | null | undefined)?.components;
  return Array.isArray(components) && JSON.stringify(components).includes('"custom_id":"imagine:');
}

/** The job ids a message body names in its embeds' footers ("Job <id>"): the results it carries. */
export function footerJobIds(body: unknown): string[] {
  const embeds = (body as { embeds?: { footer?: { text?: unknown } }[] } | undefined)?.embeds ?? [];
  return embeds.flatMap((e) => {
    const text = e.footer?.text;
    return typeof text === "string"
      ? (text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [])
      : [];
  });
}

/**
 * Whether `r` posts the result of the job started by `interaction` (`nonce`: its result nonce, if known;
 * `jobId`: its job, named in the footer of its embed when several results share one message).
 */
function isResultPost(
  interaction: Pick<InteractionView, "token">,
  nonce: string | undefined,
  r: LoggedRequest,
  jobId?: string,
): boolean {
  if (r.method !== "POST") return false;
  if (nonce !== undefined && (r.body as { nonce?: unknown } | undefined)?.nonce === nonce) return true;
  if (jobId !== undefined && r.path.endsWith("/messages") && footerJobIds(r.body).includes(jobId))
    return true;
  return r.path.includes(interaction.token) && hasButtons(r.body);
}

/**
 * Counts the calls of the job started by `interaction` among `requests`: those with its interaction token,
 * and its result message, told by `resultNonce` (see {@link resultNonces}).
 */
export function callsOf(
  interaction: Pick<InteractionView, "id" | "token">,
  requests: LoggedRequest[],
  resultNonce?: string,
  jobId?: string,
): JobCalls {
  const calls: JobCalls = {
    defer: 0,
    edits: 0,
    final: 0,
    deletes: 0,
    other: 0,
    total: 0,
    rateLimited: 0,
    finalAt: null,
  };
  for (const r of requests) {
    const result = isResultPost(interaction, resultNonce, r, jobId);
    if (!result && !r.path.includes(interaction.token)) continue;
    calls.total++;
    if (r.status === 429) calls.rateLimited++;
    if (r.path.startsWith(`/interactions/${interaction.id}/`)) calls.defer++;
    else if (result || (r.method === "PATCH" && hasButtons(r.body))) {
      calls.final++;
      if (r.status >= 200 && r.status < 300) calls.finalAt ??= r.realAt;
    } else if (r.method === "PATCH") calls.edits++;
    else if (r.method === "DELETE") calls.deletes++;
    else calls.other++;
  }
  return calls;
}

/**
 * Interaction id (the record's `ref`) to the `nonce` of its job's result message, for every record the
 * service has completed (the bot's job id is the record's id).
 */
export function resultNonces(
  completions: readonly { id: string; ref: string | null }[],
): Map<string, string> {
  const nonces = new Map<string, string>();
  for (const c of completions) if (c.ref !== null) nonces.set(c.ref, messageNonce(c.id, "result"));
  return nonces;
}

/** The Discord requests from a point on, and what tells each job's result. */
export interface PostedResults {
  requests: LoggedRequest[];
  /** Interaction id to its job's result nonce. */
  nonces: Map<string, string>;
  /** Interaction id to its job's id (named in the footer of its result's embed). */
  jobIds: Map<string, string>;
  /** Interaction id to the real time its result message was accepted (ms since 1970). */
  postedAt: Map<string, number>;
}

/**
 * Waits until every job's result is posted (a new message with the job's result nonce, or a follow-up of
 * its interaction with the result's buttons), reading the emulator's request log from `from` on.
 * @throws {Error} naming how many results are missing and what one such interaction shows.
 */
export async function waitForResults(
  emu: EmulatorProcess,
  service: ServiceProcess,
  interactions: readonly InteractionView[],
  from: number,
  timeoutMs: number,
): Promise<PostedResults> {
  const requests: LoggedRequest[] = [];
  const postedAt = new Map<string, number>();
  let nonces = new Map<string, string>();
  const byToken = new Map(interactions.map((i) => [i.token, i]));
  const byNonce = new Map<string, InteractionView>();
  const byJobId = new Map<string, InteractionView>();
  const jobIds = new Map<string, string>();
  await pollUntil(
    `${interactions.length} posted results`,
    async () => {
      requests.push(...(await emu.requestsFrom(from + requests.length)));
      const completions = await service.completions();
      nonces = resultNonces(completions);
      const byId = new Map(interactions.map((i) => [i.id, i]));
      for (const c of completions) {
        const i = c.ref === null ? undefined : byId.get(c.ref);
        if (i) {
          byJobId.set(c.id, i);
          jobIds.set(i.id, c.id);
        }
      }
      for (const i of interactions) {
        const nonce = nonces.get(i.id);
        if (nonce !== undefined) byNonce.set(nonce, i);
      }
      // From the start each time: a result can be logged before its completion is seen.
      for (const r of requests) {
        if (r.method !== "POST" || r.status >= 300) continue;
        const nonce = (r.body as { nonce?: unknown } | undefined)?.nonce;
        const byPost = typeof nonce === "string" ? byNonce.get(nonce) : undefined;
        const token = hasButtons(r.body) ? /\/webhooks\/\d+\/([^/]+)/.exec(r.path)?.[1] : undefined;
        const interaction = byPost ?? (token === undefined ? undefined : byToken.get(token));
        if (interaction && !postedAt.has(interaction.id)) postedAt.set(interaction.id, r.realAt);
        // Several results in one message: each named by its embed's footer.
        if (!r.path.endsWith("/messages")) continue;
        for (const jobId of footerJobIds(r.body)) {
          const carried = byJobId.get(jobId);
          if (carried && !postedAt.has(carried.id)) postedAt.set(carried.id, r.realAt);
        }
      }
      return postedAt.size === interactions.length ? true : undefined;
    },
    timeoutMs,
    500,
  ).catch(async (err: unknown) => {
    const missing = interactions.filter((i) => !postedAt.has(i.id));
    const example = missing[0] ? await emu.interaction(missing[0].id) : null;
    const shown = JSON.stringify(example?.response ?? null).replace(
      /"(author|mentions|timestamp)":[^,]*,/g,
      "",
    );
    throw new Error(
      `${missing.length} of ${interactions.length} results not posted (${missing.filter((i) => nonces.has(i.id)).length} ` +
        `of them completed at the service); e.g. interaction ${missing[0]?.id}: ${shown.slice(0, 600)}`,
      { cause: err },
    );
  });
  return { requests, nonces, jobIds, postedAt };
}

/**
 * Runs /imagine once per user (all at once), each with its own prompt, user `i` in `channels[i % n]`
 * (default #general); returns the interactions.
 */
export function startJobs(
  emu: EmulatorProcess,
  users: readonly string[],
  prompt: (index: number) => string,
  channels: readonly string[] = [emu.generalId],
): Promise<InteractionView[]> {
  return Promise.all(users.map((user, i) => emu.imagine(user, prompt(i), channels[i % channels.length])));
}

/**
 * For each interaction, the time from the service marking its record completed (`completions`, matched
 * by `ref` = interaction id) to its result message arriving at the emulator, ms.
 * @throws {Error} when a job has no completion or no result message.
 */
export function resultLatencies(
  interactions: readonly InteractionView[],
  posted: Pick<PostedResults, "postedAt">,
  completions: readonly { ref: string | null; at: number }[],
): number[] {
  const completedAt = new Map(completions.map((c) => [c.ref, c.at]));
  return interactions.map((interaction) => {
    const postedAt = posted.postedAt.get(interaction.id);
    const at = completedAt.get(interaction.id);
    if (postedAt === undefined || at === undefined)
      throw new Error(`no completion or result message for interaction ${interaction.id}`);
    return postedAt - at;
  });
}

/** `user1`..`userN`. */
export function benchUsers(count: number, first = 1): string[] {
  return Array.from({ length: count }, (_, i) => `user${first + i}`);
}
