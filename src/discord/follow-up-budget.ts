/**
 * Counts the follow-ups sent through each interaction token where only the member's install reaches:
 * "Apps are limited to 5 followup messages per interaction if it was initiated from a user-installed app
 * and isn't installed in the server". A follow-up past the limit is not sent (Discord would refuse it);
 * the caller takes another route (the requester's DMs). Counts live as long as their token (15 minutes);
 * a restart forgets them, so a job resumed after one may find a follow-up refused, which its caller then
 * handles as any refusal.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages
 */

/** Discord's limit of follow-ups per interaction of an app the server did not install. */
export const USER_INSTALL_FOLLOW_UPS = 5;

export class FollowUpBudget {
  readonly #sent = new Map<string, { count: number; expiresAt: number }>();

  constructor(
    private readonly now: () => number,
    private readonly limit = USER_INSTALL_FOLLOW_UPS,
  ) {}

  /**
   * Takes one follow-up of `token` (valid until `expiresAt`, ms epoch): true when it may be sent, false
   * once the limit is spent. Call only right before sending; {@link giveBack} when the send failed.
   */
  take(token: string, expiresAt: number): boolean {
    this.#prune();
    const entry = this.#sent.get(token) ?? { count: 0, expiresAt };
    if (entry.count >= this.limit) return false;
    entry.count += 1;
    this.#sent.set(token, entry);
    return true;
  }

  /** Returns a follow-up taken for a send that did not go through. */
  giveBack(token: string): void {
    const entry = this.#sent.get(token);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  #prune(): void {
    const now = this.now();
    for (const [token, entry] of this.#sent) if (entry.expiresAt <= now) this.#sent.delete(token);
  }
}
