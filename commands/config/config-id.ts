/**
 * Custom ids of `/imagine-config`'s components: `imagine-config:channels:<guildId>` (the channel select menu
 * of `/imagine-config channels`) and `imagine-config:reset:<guildId>` (the confirm button of
 * `/imagine-config reset`). Moderators only, checked again when used, so the ids carry no requester; the
 * server id keeps a component from acting on another server.
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */
import type { IdCodec } from "../../src/custom-ids/id-codec.js";
import { isSnowflake, requireSnowflake } from "../../src/custom-ids/id-parts.js";

/** What a config component does, in which server. */
export interface ConfigAction {
  readonly kind: "channels" | "reset";
  readonly guildId: string;
}

/** The prefix every config component id starts with, followed by `:`. */
export const CONFIG_PREFIX = "imagine-config";

const CONFIG_ID = /^imagine-config:(channels|reset):(\d+)$/;

/** @throws {RangeError} for a server id that is not a snowflake. */
function encode(action: ConfigAction): string {
  requireSnowflake(action.guildId);
  return `${CONFIG_PREFIX}:${action.kind}:${action.guildId}`;
}

function decode(customId: string): ConfigAction | null {
  const [, kind, guildId] = CONFIG_ID.exec(customId) ?? [];
  if ((kind !== "channels" && kind !== "reset") || guildId === undefined || !isSnowflake(guildId))
    return null;
  return { kind, guildId };
}

/** The codec of `/imagine-config` component ids. */
export const configCodec: IdCodec<ConfigAction> = { encode, decode };
