import type { Config } from "./config.js";
import type { MemberLanguage } from "./i18n/choose-language.js";
import type { DiscordMessenger } from "./discord/discord-messenger.js";
import type { Admission } from "./admission/admission.js";
import type { AuditLog } from "./audit/audit-log.js";
import type { ImagineService } from "./imagine/imagine-service.js";
import type { RefusalPauses } from "./moderation/refusal-pauses.js";
import type {
  Claims,
  FleetRegistry,
  JobRecords,
  JobStore,
  KeptPrompts,
  PostRecords,
  StoreScope,
} from "./imagine/job-store.js";
import type { HealthReader } from "./admission/service-health.js";
import type { Clock } from "./jobs/clock.js";
import type { Logger } from "./logger.js";
import type { MetricsSink } from "./metrics/metrics-sink.js";
import type { BannedWords } from "./moderation/banned-words.js";
import type { ServerPool } from "./pool/server-pool.js";
import type { AccountHealth } from "./pool/account-health/account-health.js";
import type { SettingsStore } from "./settings/settings.js";

/**
 * The job store's ports commands and handlers use: finding jobs for `/history`, `/imagine-status` and Enhance,
 * posted messages (U1-U4), kept prompts (Try again), claims (what a click starts once) and the fleet's
 * processes. Leases, pruning and closing belong to the lifecycle ({@link BotCore}).
 */
export type CommandStore = Pick<StoreScope, "shared"> &
  Pick<JobRecords, "startedSince" | "jobsOfRequester" | "latestUpscale"> &
  PostRecords &
  KeptPrompts &
  Claims &
  Pick<FleetRegistry, "processes">;

/** What commands and handlers get: the core services, already wired. */
export interface BotContext {
  readonly config: Config;
  readonly imagine: ImagineService;
  /** The ImagineAPI servers, which one runs each job; records are read from the server holding each. */
  readonly pool: ServerPool;
  /** Midjourney's refusals per member and the pauses they start (`/imagine-config paused`). */
  readonly pauses: RefusalPauses;
  /** Each server's account: held after a notice, paced (`/imagine-status`, Resume). */
  readonly accounts: AccountHealth;
  readonly store: CommandStore;
  /** Server and member settings, on the job store's database connection. */
  readonly settings: SettingsStore;
  readonly messenger: DiscordMessenger;
  readonly admission: Admission;
  readonly health: HealthReader;
  readonly bannedWords: BannedWords;
  /** Midjourney's starter list (MIDJOURNEY_BANNED_WORDS), `null` when the owner turned it off. */
  readonly midjourneyBannedWords: BannedWords | null;
  readonly audit: AuditLog;
  readonly metrics: MetricsSink;
  readonly logger: Logger;
  readonly now: () => number;
  /** The language each member chose with `/settings` (answers follow it before Discord's locale). */
  readonly memberLanguage: MemberLanguage;
  /** The time source `now` reads, with timers (e.g. the deadline to acknowledge an interaction). */
  readonly clock: Clock;
}

/** The core as the lifecycle gets it: what commands get, with the whole job store (leases, pruning, closing). */
export interface BotCore extends BotContext {
  readonly store: JobStore;
}
