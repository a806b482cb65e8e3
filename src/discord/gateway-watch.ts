/**
 * Follows the Discord gateway connection: whether the bot is connected right now (for /healthz), one log
 * line when the connection drops and one when it is back, and the close codes after which discord.js gives
 * up for good (a reset token, refused intents), which must stop the bot instead of leaving it idle.
 * @see https://discord.com/developers/docs/events/gateway#resuming
 */
import { Events, type Client, type CloseEvent } from "discord.js";
import type { Logger } from "../logger.js";
import { gatewayRefusal, type LoginError } from "./login-error.js";

export interface GatewayWatchOptions {
  logger: Logger;
  now: () => number;
  /** Called once when Discord refuses the bot for good; the watch has not logged it. */
  onRefused(error: LoginError, closeCode: number): void;
}

/** The state of the gateway connection, kept current from the client's shard events. */
export interface GatewayWatch {
  /** Why the gateway is not usable right now, or null while it is connected. */
  problem(): string | null;
  /** Detaches the listeners (when the bot stops: its own disconnect is not news). */
  dispose(): void;
}

/**
 * Watches `client` from its first READY on. discord.js reports a drop it recovers from as
 * `ShardReconnecting` (once per attempt), a successful recovery as `ShardResume` (same session) or
 * `ShardReady` (new session), and a close it will not recover from as `ShardDisconnect`.
 */
export function watchGateway(client: Client, options: GatewayWatchOptions): GatewayWatch {
  const { logger, now } = options;
  let connected = client.isReady();
  /** Until the first READY the bot is starting, not reconnecting. */
  let started = connected;
  let downSince: number | null = null;
  let refused: string | null = null;

  const back = (how: "resumed" | "new session") => {
    if (connected || refused !== null) return;
    if (!started) {
      started = connected = true;
      return;
    }
    const downMs = downSince === null ? null : now() - downSince;
    connected = true;
    downSince = null;
    logger.info({ downMs, how }, "Discord gateway connection restored");
  };
  const onReady = () => back("new session");
  const onResume = () => back("resumed");
  const onReconnecting = () => {
    if (!connected || refused !== null) return;
    connected = false;
    started = true;
    downSince = now();
    logger.warn("Discord gateway connection lost; reconnecting");
  };
  const onDisconnect = (event: CloseEvent) => {
    connected = false;
    downSince ??= now();
    const error = gatewayRefusal(event.code);
    if (error === null || refused !== null) return;
    refused = error.message;
    options.onRefused(error, event.code);
  };
  const onShardError = (err: Error) => {
    // A refusal already said everything; during an outage each failed attempt reports the same error.
    if (refused !== null || !connected) logger.debug({ err }, "Discord gateway error");
    else logger.warn({ err }, "Discord gateway error");
  };

  client.on(Events.ShardReady, onReady);
  client.on(Events.ShardResume, onResume);
  client.on(Events.ShardReconnecting, onReconnecting);
  client.on(Events.ShardDisconnect, onDisconnect);
  client.on(Events.ShardError, onShardError);
  return {
    problem() {
      if (refused !== null) return `refused by Discord: ${refused}`;
      if (connected) return null;
      if (!started) return "connecting";
      const since = downSince === null ? "" : ` for ${Math.round((now() - downSince) / 1000)} s`;
      return `disconnected${since}; reconnecting`;
    },
    dispose() {
      client.off(Events.ShardReady, onReady);
      client.off(Events.ShardResume, onResume);
      client.off(Events.ShardReconnecting, onReconnecting);
      client.off(Events.ShardDisconnect, onDisconnect);
      client.off(Events.ShardError, onShardError);
    },
  };
}
