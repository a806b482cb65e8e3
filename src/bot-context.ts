import type { Config } from "./config.js";
import type { MemberLanguage } from "./i18n/choose-language.js";
import type { DiscordMessenger } from "./discord/discord-messenger.js";
import type { Admission } from "./admission/admission.js";
import type { AuditLog } from "./imagine/audit-log.js";
import type { ImagineService } from "./imagine/imagine-service.js";
import type { JobStore } from "./imagine/job-store.js";
import type { HealthReader } from "./admission/service-health.js";
import type { Clock } from "./jobs/clock.js";
import type { Logger } from "./logger.js";
import type { MetricsSink } from "./metrics/metrics-sink.js";
import type { BannedWords } from "./moderation/banned-words.js";
import type { ImagineClient } from "./service/client.js";
import type { ServiceProfile } from "./service/service-profile.js";
import type { ServerPool } from "./pool/server-pool.js";
import type { SettingsStore } from "./settings/settings.js";

/** What commands and handlers get: the core services, already wired. */
export interface BotContext {
  readonly config: Config;
  readonly imagine: ImagineService;
  /** Reads records from the server holding each (see {@link pool}). */
  readonly service: Pick<ImagineClient, "getImage" | "getServiceStatus" | "downloadImage">;
  /**
   * Which kind of server server 1 is: whether it takes `ref` and has the upscale route (Enhance). A job's own
   * server's is `pool.serverFor(imageId)`'s.
   */
  readonly profile: ServiceProfile;
  /** The ImagineAPI servers, and which one runs each job. */
  readonly pool: ServerPool;
  readonly store: JobStore;
  /** Server and member settings, on the job store's database connection. */
  readonly settings: SettingsStore;
  readonly messenger: DiscordMessenger;
  readonly admission: Admission;
  readonly health: HealthReader;
  readonly bannedWords: BannedWords;
  readonly audit: AuditLog;
  readonly metrics: MetricsSink;
  readonly logger: Logger;
  readonly now: () => number;
  /** The language each member chose with `/settings` (answers follow it before Discord's locale). */
  readonly memberLanguage: MemberLanguage;
  /** The time source `now` reads, with timers (e.g. the deadline to acknowledge an interaction). */
  readonly clock: Clock;
}
