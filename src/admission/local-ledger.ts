/**
 * The ledger of one process (the database's only user): the member's images of the day in its daily counts,
 * checked and added one submission at a time per member, server and day; jobs in flight are this process's.
 */
import type { DailyImageCounts } from "../moderation/daily-image-counts.js";
import { checkDaily, utcDay } from "../moderation/server-rules.js";
import type { Requester } from "../imagine/job-request.js";
import type { HeldSubmission } from "./admission-check.js";
import type { AdmissionLedger, LedgerUsage } from "./admission-ledger.js";
import type { HeldPlaces } from "./held-places.js";
import { RefusedError } from "./refused-error.js";

/** This process's ledger (see the module comment). */
export class LocalLedger implements AdmissionLedger {
  /** Daily counts being checked and added to, per member, server and day: one at a time for each. */
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(
    private readonly daily: DailyImageCounts,
    private readonly places: HeldPlaces,
    private readonly lastSubmission: (userId: string) => Promise<number | undefined>,
  ) {}

  /** Checks the member's images today and counts this one. @throws {RefusedError} over the daily limit. */
  async reserve({ request, settings, place }: HeldSubmission): Promise<void> {
    const { requester } = request;
    const day = utcDay(place.at);
    const key = `${requester.guildId ?? ""} ${requester.userId} ${day}`;
    const turn = (this.turns.get(key) ?? Promise.resolve()).then(async () => {
      const used = await this.daily.count(requester.userId, requester.guildId, day);
      const limit = settings.userDailyImages.value;
      const refusal = checkDaily({ used, limit, isModerator: requester.isModerator, now: place.at });
      if (refusal) throw new RefusedError(refusal);
      await this.daily.add(requester.userId, requester.guildId, day, 1);
    });
    const settled = turn.catch(() => {});
    this.turns.set(key, settled);
    void settled.then(() => {
      if (this.turns.get(key) === settled) this.turns.delete(key);
    });
    await turn;
  }

  async settle({ request, place }: HeldSubmission, submitted: boolean): Promise<void> {
    if (submitted) return;
    await this.daily.add(request.requester.userId, request.requester.guildId, utcDay(place.at), -1);
  }

  async usage({ userId, guildId }: Requester, now: number): Promise<LedgerUsage> {
    const [dailyUsed, stored] = await Promise.all([
      this.daily.count(userId, guildId, utcDay(now)),
      this.lastSubmission(userId),
    ]);
    const activeJobs = this.places.jobsInFlight().filter((j) => j.requesterId === userId).length;
    return { dailyUsed, activeJobs, last: this.places.lastSubmission(userId, stored) };
  }
}
