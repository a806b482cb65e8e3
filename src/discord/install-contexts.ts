/**
 * Where a command can be installed and used. Member commands are registered for both installs (a server's,
 * and a member's own account) and for every context (servers, the bot's DMs, group DMs and DMs between
 * members); the owner's `USER_INSTALLS=off` narrows them to server installs, in servers and the bot's DMs.
 * Moderator commands are server-install only whatever the switch says.
 * @see https://discord.com/developers/docs/interactions/application-commands#installation-context
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
import { ApplicationIntegrationType, InteractionContextType } from "discord-api-types/v10";
import type { Config } from "../config.js";

/** The install and context fields of a command registration body. */
interface InstallFields {
  integration_types?: ApplicationIntegrationType[] | undefined;
  contexts?: InteractionContextType[] | null | undefined;
}

/** The integration types of a member command: a server's install and a member's own. */
export const MEMBER_INTEGRATION_TYPES = [
  ApplicationIntegrationType.GuildInstall,
  ApplicationIntegrationType.UserInstall,
] as const;

/** The contexts of a member command: servers, the bot's DMs, and private channels (group DMs, DMs). */
export const MEMBER_CONTEXTS = [
  InteractionContextType.Guild,
  InteractionContextType.BotDM,
  InteractionContextType.PrivateChannel,
] as const;

/**
 * `body` as registered under `config`: unchanged when user installs are on; else without the user install
 * and the private-channel context (which only a user install can reach).
 */
export function withInstallSwitch<T extends InstallFields>(
  body: T,
  config: Pick<Config, "USER_INSTALLS">,
): T {
  if (config.USER_INSTALLS === "on") return body;
  return {
    ...body,
    ...(body.integration_types
      ? {
          integration_types: body.integration_types.filter(
            (type) => type !== ApplicationIntegrationType.UserInstall,
          ),
        }
      : {}),
    ...(body.contexts
      ? { contexts: body.contexts.filter((context) => context !== InteractionContextType.PrivateChannel) }
      : {}),
  };
}
