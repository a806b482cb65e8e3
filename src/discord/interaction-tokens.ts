/**
 * The interaction token of a job's message as a route: whether it can still be used (it lasts 15 minutes;
 * use stops a margin before), and follow-ups sent through it, counted where only the member's install
 * reaches the channel (see `FollowUpBudget`).
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages
 */
import { Routes, type REST } from "discord.js";
import type { Logger } from "../logger.js";
import { interactionTokenUsable, type MessageLocation } from "../imagine/job.js";
import type { ApiMessage } from "./api-message.js";
import { attemptDiscord, type Attempt } from "./message-poster.js";
import { FollowUpBudget, type FollowUpClaims, type FollowUpTaken } from "./follow-up-budget.js";

/** An interaction token for one follow-up, and the follow-up it took from the budget (if counted). */
export interface FollowUpToken {
  readonly token: string;
  readonly taken: FollowUpTaken | null;
}

/** Hands out a job's interaction token while it can be used, and sends follow-ups through it. */
export class InteractionTokens {
  private readonly followUps: FollowUpBudget;

  /**
   * @param rest sends the follow-ups (webhook routes, without the bot token).
   * @param tokenMarginMs stop using the token this long before it expires.
   */
  constructor(
    private readonly rest: REST,
    private readonly now: () => number,
    private readonly tokenMarginMs: number,
  ) {
    this.followUps = new FollowUpBudget(now);
  }

  /** Counts follow-ups in `claims` (the job store) from now on, so the count outlives a restart. */
  countFollowUpsIn(claims: FollowUpClaims): void {
    this.followUps.countIn(claims);
  }

  /** The interaction token while it can still be used, else null. */
  usable(location: MessageLocation): string | null {
    return interactionTokenUsable(location, this.now(), this.tokenMarginMs)
      ? location.interactionToken
      : null;
  }

  /**
   * The interaction token for one more follow-up: while it can still be used and, where the bot cannot
   * reach the channel itself (a server it is not in, a group DM), while Discord's limit of follow-ups per
   * interaction is not spent (see `FollowUpBudget`); else null.
   */
  async forFollowUp(location: MessageLocation, log: Logger): Promise<FollowUpToken | null> {
    const token = this.usable(location);
    if (token === null) return null;
    if (location.channelEditable) return { token, taken: null };
    let taken: FollowUpTaken | null;
    try {
      taken = await this.followUps.take(token, location.interactionTokenExpiresAt ?? this.now());
    } catch (err) {
      // Uncounted is what the bot did before the count was stored; Discord refuses a follow-up past the
      // limit, and that refusal already sends the result another way.
      log.warn({ err }, "could not count a follow-up; sending it uncounted");
      return { token, taken: null };
    }
    if (taken !== null) return { token, taken };
    log.info("the interaction's follow-ups are spent; going on without it");
    return null;
  }

  /**
   * Sends `api` as a follow-up through `token` (from {@link forFollowUp}); when it does not go through,
   * the follow-up is given back to the budget.
   * @see https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message
   */
  async sendFollowUp(
    applicationId: string,
    { token, taken }: FollowUpToken,
    api: ApiMessage,
    log: Logger,
  ): Promise<Attempt> {
    // Webhook routes carry their own token; sent with the bot token, a 401 would make @discordjs/rest
    // drop the bot token for every later request.
    const sent = await attemptDiscord(
      () => this.rest.post(Routes.webhook(applicationId, token), { ...api, auth: false }),
      "interaction",
      log,
    );
    if (!sent.ok && taken !== null) {
      await this.followUps.giveBack(taken).catch((err: unknown) => {
        log.warn(
          { err },
          "could not give back a follow-up that was not sent; it counts until the token ends",
        );
      });
    }
    return sent;
  }
}
