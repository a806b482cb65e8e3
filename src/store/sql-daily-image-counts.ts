/**
 * {@link DailyImageCounts} in the `daily_images` table, on the job store's connection. DMs are kept under
 * the server id `''`. Rows of past days are removed by the job store's `prune`.
 */
import type pg from "pg";
import { runStatement, type SqliteDatabase } from "./sqlite-database.js";
import type { DailyImageCounts } from "../moderation/daily-image-counts.js";
import type { OnConnection } from "./settings-rows.js";

/** Daily image counts on a SQLite connection. */
export class SqliteDailyImageCounts implements DailyImageCounts {
  constructor(private readonly onConnection: OnConnection<SqliteDatabase>) {}

  async count(userId: string, guildId: string | null, day: string): Promise<number> {
    const result = await this.onConnection(`counting the images of user ${userId} on ${day}`, async (db) =>
      runStatement(db, "SELECT images FROM daily_images WHERE guild_id = ? AND user_id = ? AND day = ?", [
        guildId ?? "",
        userId,
        day,
      ]),
    );
    return Number(result.rows[0]?.["images"] ?? 0);
  }

  async add(userId: string, guildId: string | null, day: string, delta: number): Promise<void> {
    await this.onConnection(`counting an image of user ${userId} on ${day}`, async (db) =>
      runStatement(
        db,
        "INSERT INTO daily_images (guild_id, user_id, day, images) VALUES (?, ?, ?, max(?, 0)) " +
          "ON CONFLICT (guild_id, user_id, day) DO UPDATE SET images = max(daily_images.images + ?, 0)",
        [guildId ?? "", userId, day, delta, delta],
      ),
    );
  }
}

/** The upsert adding `$4` to a count (never below 0); shared with the fleet ledger. */
export const ADD_DAILY_IMAGES_POSTGRES =
  "INSERT INTO daily_images (guild_id, user_id, day, images) VALUES ($1, $2, $3, GREATEST($4::int, 0)) " +
  "ON CONFLICT (guild_id, user_id, day) DO UPDATE SET images = GREATEST(daily_images.images + $4::int, 0)";

/** Daily image counts on a Postgres pool. */
export class PostgresDailyImageCounts implements DailyImageCounts {
  constructor(private readonly onConnection: OnConnection<pg.Pool>) {}

  async count(userId: string, guildId: string | null, day: string): Promise<number> {
    const result = await this.onConnection(`counting the images of user ${userId} on ${day}`, (pool) =>
      pool.query<{ images: number }>(
        "SELECT images FROM daily_images WHERE guild_id = $1 AND user_id = $2 AND day = $3",
        [guildId ?? "", userId, day],
      ),
    );
    return Number(result.rows[0]?.images ?? 0);
  }

  async add(userId: string, guildId: string | null, day: string, delta: number): Promise<void> {
    await this.onConnection(`counting an image of user ${userId} on ${day}`, (pool) =>
      pool.query(ADD_DAILY_IMAGES_POSTGRES, [guildId ?? "", userId, day, delta]),
    );
  }
}
