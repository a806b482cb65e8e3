/**
 * Running /imagine jobs through the emulator's control API and counting, from the emulator's request log,
 * the Discord calls each job cost: the deferral, the edits and the final message.
 */
import type { EmulatorProcess, InteractionView, LoggedRequest } from "./stack.js";
import { pollUntil } from "./stats.js";

/** The Discord calls of one job, by kind. */
export interface JobCalls {
  /** The interaction callback (the deferred reply). */
  defer: number;
  /** Edits of the job's message before the final one. */
  edits: number;
  /** The edit (or new message) that shows the result, with buttons. */
  final: number;
  /** Anything else sent with the job's interaction token (follow-ups, reads). */
  other: number;
  total: number;
  /** Of `total`, how many Discord answered 429. */
  rateLimited: number;
  /** Real time (ms since 1970) the final message arrived at the emulator; null when none did. */
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

/** Whether the interaction's message shows a result (its message has the result's buttons). */
export function showsResult(view: InteractionView): boolean {
  return hasButtons(view.response);
}

/** Counts the calls of the job started by `interaction` among `requests`. */
export function callsOf(
  interaction: Pick<InteractionView, "id" | "token">,
  requests: LoggedRequest[],
): JobCalls {
  const calls: JobCalls = { defer: 0, edits: 0, final: 0, other: 0, total: 0, rateLimited: 0, finalAt: null };
  for (const r of requests) {
    if (!r.path.includes(interaction.token)) continue;
    calls.total++;
    if (r.status === 429) calls.rateLimited++;
    if (r.path.startsWith(`/interactions/${interaction.id}/`)) calls.defer++;
    else if (r.method === "PATCH" && hasButtons(r.body)) {
      calls.final++;
      if (r.status >= 200 && r.status < 300) calls.finalAt ??= r.realAt;
    } else if (r.method === "PATCH") calls.edits++;
    else calls.other++;
  }
  return calls;
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

/** Waits until every interaction's message shows its result. */
export async function waitForResults(
  emu: EmulatorProcess,
  interactions: readonly InteractionView[],
  timeoutMs: number,
): Promise<void> {
  const open = new Set(interactions.map((i) => i.id));
  await pollUntil(
    `${open.size} job results`,
    async () => {
      for (const id of [...open]) if (showsResult(await emu.interaction(id))) open.delete(id);
      return open.size === 0 ? true : undefined;
    },
    timeoutMs,
    200,
  );
}

/**
 * For each interaction, the time from the service marking its record completed (`completions`, matched
 * by `ref` = interaction id) to its final message arriving at the emulator, ms.
 * @throws {Error} when a job has no completion or no final message.
 */
export function resultLatencies(
  interactions: readonly InteractionView[],
  requests: LoggedRequest[],
  completions: readonly { ref: string | null; at: number }[],
): number[] {
  const completedAt = new Map(completions.map((c) => [c.ref, c.at]));
  return interactions.map((interaction) => {
    const finalAt = callsOf(interaction, requests).finalAt;
    const at = completedAt.get(interaction.id);
    if (finalAt === null || at === undefined)
      throw new Error(`no completion or final message for interaction ${interaction.id}`);
    return finalAt - at;
  });
}

/** `user1`..`userN`. */
export function benchUsers(count: number, first = 1): string[] {
  return Array.from({ length: count }, (_, i) => `user${first + i}`);
}
