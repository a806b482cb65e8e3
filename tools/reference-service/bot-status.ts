/**
 * `GET /items/status`: what the service's Midjourney bot last reported. The hosted service answers
 * `{data: {bot_status, message}}`. A self-hosted server keeps it in a Directus singleton
 * (service-facts.md, "Status singleton"): `{data: {bot_status, message, id, date_created, date_updated,
 * user_created, user_updated}}`, all null but `bot_status: "not started"` until its bot's first report; the
 * row survives restarts, so a `healthy` there may be stale.
 */
import type { BotStatus } from "./job-book.js";
import type { ServiceProfile } from "./record.js";

/** A reported status, or `not started`: a self-hosted server whose bot never reported. */
export type HealthStatus = BotStatus | "not started";

/** The user id a self-hosted server's bot writes the status row as. */
export const STATUS_REPORTER_ID = "6f1c2b9e-3d4a-4c5b-8e7f-0a1b2c3d4e5f";

/** The singleton row of a self-hosted server, once its bot has reported. */
interface StatusRow {
  id: number;
  date_created: string;
  date_updated: string | null;
  user_created: string;
  user_updated: string | null;
}

/** The service's status as `/items/status` shows it; `report` is the service's bot writing a new one. */
export class BotStatusBoard {
  private row: StatusRow | null = null;
  status: HealthStatus;
  message: string | null;

  constructor(
    private readonly profile: ServiceProfile,
    initial: HealthStatus,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.status = initial;
    this.message = null;
    if (initial !== "not started") this.report(initial);
  }

  /** The bot reports `status` (a default message when none is given). */
  report(status: BotStatus, message?: string): void {
    this.status = status;
    this.message = message ?? (status === "healthy" ? "Bot is healthy" : `Bot is ${status}`);
    const at = this.now().toISOString();
    this.row = this.row
      ? { ...this.row, date_updated: at, user_updated: STATUS_REPORTER_ID }
      : { id: 1, date_created: at, date_updated: null, user_created: STATUS_REPORTER_ID, user_updated: null };
  }

  /** The `data` of `GET /items/status`. */
  toJson(): Record<string, unknown> {
    if (this.profile === "hosted") return { bot_status: this.status, message: this.message };
    return {
      bot_status: this.status,
      message: this.message,
      id: this.row?.id ?? null,
      date_created: this.row?.date_created ?? null,
      date_updated: this.row?.date_updated ?? null,
      user_created: this.row?.user_created ?? null,
      user_updated: this.row?.user_updated ?? null,
    };
  }
}
