/**
 * `/imagine-config speeds` and `role-speeds`: the server's default speed and the speeds members (or a
 * role's members) may use, read from the options and checked against what some server of the pool can run
 * (`ServiceProfile.speeds`: a self-hosted ImagineAPI cannot follow relax).
 */
import type { AutocompleteInteraction, ChatInputCommandInteraction } from "discord.js";
import type { Translator } from "../../src/i18n/translate.js";
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import type { Speed } from "../../src/prompt/speed.js";
import { parseSpeeds, shownSpeeds } from "../shared/speed-list.js";
import type { ConfigEdit } from "../../src/settings/config-edits.js";

/** The subcommand paths this module reads. */
export const SPEED_PATHS: ReadonlySet<string> = new Set(["speeds", "role-speeds set", "role-speeds clear"]);

/**
 * The edit of a speed subcommand (path in {@link SPEED_PATHS}). A default speed must be among the speeds
 * allowed here (those given with it, else the stored ones), or it would never apply.
 * @throws {UserError} for a value refused.
 */
export async function speedEditOf(
  interaction: ChatInputCommandInteraction,
  path: string,
  app: Pick<BotContext, "pool" | "settings">,
  guildId: string,
): Promise<ConfigEdit> {
  const { options } = interaction;
  // Speeds some server of the pool can run: a job asking for one goes only to such a server.
  const runnable = app.pool.speeds;
  if (path === "role-speeds clear")
    return { kind: "role-speeds", roleId: options.getRole("role", true).id, speeds: null };
  if (path === "role-speeds set") {
    const roleId = options.getRole("role", true).id;
    return { kind: "role-speeds", roleId, speeds: parseSpeeds(options.getString("speeds", true), runnable) };
  }
  const chosen = options.getString("default");
  const allowedText = options.getString("allowed");
  let speed: Speed | null | undefined;
  if (chosen === null) speed = undefined;
  else if (chosen === "account") speed = null;
  else speed = parseSpeeds(chosen, runnable)[0] ?? null;
  const allowed = allowedText === null ? undefined : parseSpeeds(allowedText, runnable);
  if (speed !== undefined || allowed !== undefined) {
    const stored = speed === undefined || allowed === undefined ? await app.settings.guild(guildId) : {};
    const finalSpeed = speed === undefined ? stored.speed : speed;
    const finalAllowed = allowed === undefined ? stored.speeds : allowed;
    // No allowed list (or an empty one) means every speed the server can run.
    if (finalSpeed && finalAllowed && finalAllowed.length > 0 && !finalAllowed.includes(finalSpeed)) {
      throw new UserError((t) =>
        t("accountSafety.speedDefaultNotAllowed", {
          speed: `\`--${finalSpeed}\``,
          speeds: shownSpeeds(finalAllowed),
        }),
      );
    }
  }
  return {
    kind: "speeds",
    ...(speed === undefined ? {} : { speed }),
    ...(allowed === undefined ? {} : { allowed }),
  };
}

/** The speed options suggested as typed: `/settings speed` and `/imagine-config speeds`' `default`. */
export type SpeedOptionPath = "command.settings.speed.speed" | "command.imagine-config.speeds.default";

/**
 * Suggests, in the reader's language, only the speeds some server of the pool can run (no relax on a
 * self-hosted pool), and for a server's default also the account's own mode: a fixed list of choices
 * would offer what the bot then refuses. A typed value is still checked when the command runs.
 * @see https://discord.com/developers/docs/interactions/application-commands#autocomplete
 */
export async function suggestSpeeds(
  interaction: AutocompleteInteraction,
  app: Pick<BotContext, "pool">,
  t: Translator,
  path: SpeedOptionPath,
): Promise<void> {
  // The choices' keys, which the compiler cannot list from a value: each one is in every language.
  const text = t as unknown as (key: string) => string;
  const typed = String(interaction.options.getFocused()).trim().toLowerCase();
  const values = [
    ...app.pool.speeds,
    ...(path === "command.imagine-config.speeds.default" ? ["account"] : []),
  ];
  const choices = values.map((value) => ({ name: text(`${path}.choice.${value}`), value }));
  await interaction.respond(
    choices.filter((c) => c.value.includes(typed) || c.name.toLowerCase().includes(typed)),
  );
}
