/**
 * The **Try again** button under a refusal that came before any job existed (limits, cooldown, the service
 * unavailable or unhealthy, a request the service refused): one click runs the same prompt again for the
 * same member. A custom id holds 100 characters, fewer than a prompt, so the prompt is kept in the job store
 * under the refused interaction's id, which the button carries; it works after a restart and on any bot
 * process sharing the database. Kept prompts expire after {@link KEPT_PROMPT_TTL_MS}.
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
} from "discord-api-types/v10";
import type { BotContext } from "../../src/bot-context.js";
import type { LocalText, Translator } from "../../src/i18n/translate.js";
import { RefusedError } from "../../src/admission/admission.js";
import type { Requester } from "../../src/admission/admission-types.js";
import type { Logger } from "../../src/logger.js";
import { formatDuration } from "../../src/render/format.js";
import { isUpscaleRequest } from "../../src/render/service-errors.js";
import { isMissingUpscaleRoute } from "../../src/service/service-profile.js";
import { isRefusal } from "../../src/discord/reply-with-error.js";
import { UnreachableImageLinkError } from "../../src/discord/attachment-links.js";
import type { Prompt } from "../../src/prompt/prompt.js";
import { tryAgainCodec } from "./try-again-id.js";

/** What the Try again button needs of a refused request (a `JobRequest` of the start flow). */
export interface RefusedRequest {
  /** The refused interaction's (or DM message's) id: the key its prompt is kept under. */
  readonly ref: string;
  readonly requester: Pick<Requester, "userId">;
  readonly prompt: Prompt;
  /** The server's style whose text `prompt` holds: Try again shows it with the new job too. */
  readonly style?: string;
}

/** How long a refused prompt can be tried again with the button. */
export const KEPT_PROMPT_TTL_MS = 24 * 60 * 60 * 1000;

/** Shown for a Try again button whose prompt is no longer kept. */
export const tryAgainExpired: LocalText = (t) =>
  t("tryAgain.expired", { kept: formatDuration(t, KEPT_PROMPT_TTL_MS) });

/**
 * Whether a refusal can go differently later: not one the same prompt would meet again at once (see
 * {@link NOT_AGAIN}, an image link the generator cannot reach).
 */
export function mayTryAgain(err: unknown): boolean {
  // An upscale route the service does not have will not appear.
  if (isMissingUpscaleRoute(err) && isUpscaleRequest(err)) return false;
  if (err instanceof UnreachableImageLinkError) return false;
  return !(err instanceof RefusedError && NOT_AGAIN.has(err.reason));
}

/** Refusals the same prompt would meet again at once: the words, the channel, the day's images. */
const NOT_AGAIN: ReadonlySet<RefusedError["reason"]> = new Set([
  "banned-words",
  "channel-not-allowed",
  "age-restricted-only",
  "daily",
  "speed-unavailable",
  "paused",
]);

/**
 * Keeps the prompt of the refused request and returns the row with its Try again button; `null` (no
 * button, the refusal still shows the prompt) when the store cannot keep it.
 */
export async function tryAgainRow(
  app: Pick<BotContext, "store" | "now">,
  refused: RefusedRequest,
  log: Logger,
  t: Translator,
): Promise<APIActionRowComponent<APIButtonComponent> | null> {
  try {
    const { ref, requester, prompt, style } = refused;
    await app.store.keepPrompt({
      ref,
      requesterId: requester.userId,
      prompt: prompt.text,
      keptAt: app.now(),
      ...(style ? { style } : {}),
    });
  } catch (err) {
    log.warn({ err }, "could not keep the refused prompt: no Try again button");
    return null;
  }
  const button: APIButtonComponent = {
    type: ComponentType.Button,
    style: ButtonStyle.Primary,
    custom_id: tryAgainCodec.encode(refused.ref),
    label: t("button.tryAgain"),
    emoji: { name: "🔁" },
  };
  return { type: ComponentType.ActionRow, components: [button] };
}

/**
 * The rows to show under a refusal of a request before any job existed: a Try again button when the refusal
 * may go differently later ({@link mayTryAgain}) and the prompt could be kept, else none.
 */
export async function tryAgainRows(
  app: Pick<BotContext, "store" | "now">,
  refused: RefusedRequest,
  err: unknown,
  log: Logger,
  t: Translator,
): Promise<APIActionRowComponent<APIButtonComponent>[]> {
  if (!isRefusal(err) || !mayTryAgain(err)) return [];
  const row = await tryAgainRow(app, refused, log, t);
  return row ? [row] : [];
}
