/**
 * Discord snowflake ids: 64-bit numbers whose top 42 bits are milliseconds since the Discord epoch.
 * discord.js reads creation times from them and @discordjs/rest only recognises 17-19 digit ids as major
 * parameters, so emulated ids must look real.
 * @see https://discord.com/developers/docs/reference#snowflakes
 */

/** 2015-01-01T00:00:00.000Z, the first second of the Discord epoch. */
export const DISCORD_EPOCH_MS = 1_420_070_400_000;

/** Generates unique, increasing, timestamp-based snowflakes. */
export class SnowflakeGenerator {
  #increment = 0n;
  #lastTimestamp = 0n;

  /** @param now - the emulator clock, so ids carry emulated creation times. */
  constructor(private readonly now: () => number) {}

  /** Returns a new id: 18-19 digits for any time after 2015. */
  next(): string {
    let timestamp = BigInt(Math.floor(this.now())) - BigInt(DISCORD_EPOCH_MS);
    // Ids must stay increasing even if two calls land in the same millisecond past 4096 increments.
    if (timestamp < this.#lastTimestamp) timestamp = this.#lastTimestamp;
    if (timestamp === this.#lastTimestamp && this.#increment === 0xfffn) timestamp += 1n;
    if (timestamp !== this.#lastTimestamp) this.#increment = 0n;
    this.#lastTimestamp = timestamp;
    const id = (timestamp << 22n) | (1n << 17n) | (1n << 12n) | this.#increment;
    this.#increment = (this.#increment + 1n) & 0xfffn;
    return id.toString();
  }
}

/** The creation time (ms since 1970) encoded in a snowflake. */
export function snowflakeTimestamp(id: string): number {
  return Number(BigInt(id) >> 22n) + DISCORD_EPOCH_MS;
}

/** Whether a string looks like a snowflake (17-20 digits). */
export function isSnowflake(value: unknown): value is string {
  return typeof value === "string" && /^\d{17,20}$/.test(value);
}
