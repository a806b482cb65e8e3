/**
 * Reads `/imagine-config`'s subcommands into the edits of `settings/config-edits.ts`, checking the values a
 * moderator types (default parameters with the prompt checks, Enhance only where the owner offers it).
 * @see https://discord.com/developers/docs/interactions/application-commands#subcommands-and-subcommand-groups
 */
import type { ChatInputCommandInteraction } from "discord.js";
import type { Config } from "../../src/config.js";
import { UserError } from "../../src/errors.js";
import { checkDefaultParameters } from "../../src/prompt/check-defaults.js";
import { PromptProblemsError } from "../../src/prompt/prompt-problems-error.js";
import type { ConfigEdit, ServerLimitName, ServerLimits } from "../../src/settings/config-edits.js";
import type { MemberLimits } from "../../src/settings/settings.js";

/**
 * The integer options of the limits, by setting: the option's name, the factor from the option's unit to the
 * setting's, and the range Discord lets a moderator type. Their descriptions are `en.ts`'s
 * `command.imagine-config.limits.set.<option>.description` (and `role-limits`, the same words).
 */
export const LIMIT_OPTIONS = {
  userMaxActive: { option: "per_user_active", factor: 1, min: 1, max: 100 },
  userCooldownMs: { option: "cooldown_seconds", factor: 1000, min: 0, max: 86_400 },
  userDailyImages: { option: "daily_images", factor: 1, min: 1, max: 1_000_000 },
  guildMaxActive: { option: "server_active", factor: 1, min: 1, max: 10_000 },
} as const satisfies Record<ServerLimitName, { option: string; factor: number; min: number; max: number }>;

/** The limits a role can set: a member's own (not the server's). */
export const MEMBER_LIMITS = [
  "userMaxActive",
  "userCooldownMs",
  "userDailyImages",
] as const satisfies readonly (keyof MemberLimits)[];

/** The subcommand as the moderator ran it, group first: `limits set`, `show`. Read once per interaction. */
export function subcommandPath(interaction: ChatInputCommandInteraction): string {
  const { options } = interaction;
  return [options.getSubcommandGroup(false), options.getSubcommand()].filter(Boolean).join(" ");
}

/** The limits given as options (`names` only); at least one is required. */
function limitsOf<K extends ServerLimitName>(
  interaction: ChatInputCommandInteraction,
  names: readonly K[],
): Pick<ServerLimits, K> {
  const limits: Partial<Record<ServerLimitName, number>> = {};
  for (const name of names) {
    const { option, factor } = LIMIT_OPTIONS[name];
    const value = interaction.options.getInteger(option);
    if (value !== null) limits[name] = value * factor;
  }
  if (Object.keys(limits).length === 0) {
    // The options as the moderator's Discord client names them (the same in `limits` and `role-limits`).
    throw new UserError((t) => {
      const options = names.map(
        (n) => `\`${t(`command.imagine-config.limits.set.${LIMIT_OPTIONS[n].option}.name`)}\``,
      );
      return t("config.limitsMissing", { options: options.join(", ") });
    });
  }
  return limits as Pick<ServerLimits, K>;
}

/**
 * The edit the subcommand at `path` (see {@link subcommandPath}) asks for; the subcommands that change
 * nothing (`show`, `banned-words list`, `styles list`, `channels`, `reset`) are answered by `imagine-config.ts` first.
 * @throws {UserError} for values the checks refuse, or missing limits.
 */
export function configEditOf(
  interaction: ChatInputCommandInteraction,
  path: string,
  config: Config,
): ConfigEdit {
  const { options } = interaction;
  switch (path) {
    case "limits set":
      return { kind: "set-limits", limits: limitsOf(interaction, [...MEMBER_LIMITS, "guildMaxActive"]) };
    case "limits clear": {
      const which = options.getString("limit") ?? "all";
      const name = Object.entries(LIMIT_OPTIONS).find(([, o]) => o.option === which)?.[0];
      return { kind: "clear-limits", which: (name as ServerLimitName | undefined) ?? "all" };
    }
    case "role-limits set":
      return {
        kind: "set-role-limits",
        roleId: options.getRole("role", true).id,
        limits: limitsOf(interaction, MEMBER_LIMITS),
      };
    case "role-limits clear":
      return { kind: "clear-role-limits", roleId: options.getRole("role", true).id };
    case "banned-words add":
      return { kind: "add-banned-words", words: options.getString("words", true) };
    case "banned-words remove":
      return { kind: "remove-banned-words", words: options.getString("words", true) };
    case "audit-channel set":
      return { kind: "audit-channel", channelId: options.getChannel("channel", true).id };
    case "audit-channel clear":
      return { kind: "audit-channel", channelId: null };
    case "age-restricted-only":
      return { kind: "age-restricted-only", enabled: options.getBoolean("enabled", true) };
    case "default-parameters set": {
      const text = options.getString("parameters", true);
      const checked = checkDefaultParameters(text, config.PROMPT_MAX_LENGTH);
      if (!checked.ok) throw new PromptProblemsError(checked.problems);
      return { kind: "default-parameters", parameters: checked.value };
    }
    case "default-parameters clear":
      return { kind: "default-parameters", parameters: null };
    case "styles set":
      return {
        kind: "set-style",
        name: options.getString("name", true),
        text: options.getString("text", true),
      };
    case "styles remove":
      return { kind: "remove-style", name: options.getString("name", true) };
    case "enhance": {
      const enabled = options.getBoolean("enabled", true);
      if (enabled && config.ENHANCE_FACTORS.length === 0) {
        throw new UserError((t) => t("config.enhanceUnavailable"));
      }
      return { kind: "enhance", enabled };
    }
    default:
      throw new Error(`unknown /imagine-config subcommand ${path}`);
  }
}
