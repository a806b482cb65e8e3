/**
 * Counts the follow-ups sent through each interaction token where only the member's install reaches:
 * "Apps are limited to 5 followup messages per interaction if it was initiated from a user-installed app
 * and isn't installed in the server". A follow-up past the limit is not sent (Discord would refuse it);
 * the caller takes another route (the requester's DMs). Each follow-up is a claim in the job store (the
 * n-th follow-up of a token is claimed once, until the token expires), so the count survives a restart and
 * is shared by every process of a fleet: a job resumed after a restart never sends a sixth.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages
 */
import { createHash } from "node:crypto";
import type { Claims } from "../imagine/job-store.js";

/** Discord's limit of follow-ups per interaction of an app the server did not install. */
export const USER_INSTALL_FOLLOW_UPS = 5;

/** Where follow-ups are counted: the job store's claims. */
export type FollowUpClaims = Pick<Claims, "claimOnce" | "releaseClaim">;

/** One follow-up taken, to give back when its send did not go through. */
export interface FollowUpTaken {
  readonly key: string;
}

/**
 * Claims held in this process only: for a messenger given no store (tools and tests), and until the store
 * is open. A claim ends with its token, so each claim drops the ended ones.
 */
function claimsInMemory(now: () => number): FollowUpClaims {
  const held = new Map<string, number>();
  return {
    claimOnce: async (key, options = {}) => {
      const at = now();
      for (const [heldKey, until] of held) if (until <= at) held.delete(heldKey);
      if (held.has(key)) return false;
      held.set(key, at + (options.holdMs ?? Number.POSITIVE_INFINITY));
      return true;
    },
    releaseClaim: async (key) => {
      held.delete(key);
    },
  };
}

/** The claim key of the `n`-th follow-up of `token` (a digest: the token itself is a secret). */
function followUpKey(token: string, n: number): string {
  return `follow-up:${createHash("sha256").update(token).digest("hex").slice(0, 32)}:${n}`;
}

export class FollowUpBudget {
  #claims: FollowUpClaims;

  constructor(
    private readonly now: () => number,
    claims?: FollowUpClaims,
    private readonly limit = USER_INSTALL_FOLLOW_UPS,
  ) {
    this.#claims = claims ?? claimsInMemory(now);
  }

  /** Counts in `claims` from now on (the job store, once it is open). */
  countIn(claims: FollowUpClaims): void {
    this.#claims = claims;
  }

  /**
   * Takes one follow-up of `token` (valid until `expiresAt`, ms epoch): what was taken when it may be sent,
   * null once the limit is spent. Call only right before sending; {@link giveBack} when the send failed.
   */
  async take(token: string, expiresAt: number): Promise<FollowUpTaken | null> {
    const holdMs = Math.max(1, expiresAt - this.now());
    for (let n = 1; n <= this.limit; n += 1) {
      const key = followUpKey(token, n);
      if (await this.#claims.claimOnce(key, { holdMs })) return { key };
    }
    return null;
  }

  /** Returns a follow-up taken for a send that did not go through. */
  async giveBack(taken: FollowUpTaken): Promise<void> {
    await this.#claims.releaseClaim(taken.key);
  }
}
