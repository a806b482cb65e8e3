/**
 * The help answer: what the bot does, its commands, prompt syntax with examples, and the limits in force
 * for the reader where they ask. One renderer for `/help` and the DM `help`, so both always say the same.
 */
import type { Translator } from "../../src/i18n/translate.js";
import type { UpscaleFactor } from "../../src/service/schema.js";
import { factorLabel } from "../../src/render/final.js";
import { formatDuration } from "../../src/render/format.js";
import { NO_PINGS } from "../../src/render/message-parts.js";
import type { MessagePayload } from "../../src/render/payload.js";

/** A slash command as `/help` lists it, read from its registered form (see `help.ts`). */
export interface HelpEntry {
  readonly name: string;
  /** Its required options, written after the name (`/imagine prompt:`). */
  readonly required: readonly string[];
  /** Offered in the bot's DMs (its contexts include DMs), when the commands are registered globally. */
  readonly inDms: boolean;
  /** Shown only to moderators (it has default member permissions), and only in servers. */
  readonly forModerators: boolean;
}

/** The limits in force for one user in one place, what they have running now, and the commands they can use there. */
export interface HelpContext {
  /** The commands the reader can use where they ask, in the registry's order. */
  readonly commands: readonly HelpEntry[];
  /** `null` in DMs: the server limit does not apply there. */
  readonly guildId: string | null;
  /** Moderators (Manage Server) are exempt from the per-user limits. */
  readonly isModerator: boolean;
  readonly userMaxActive: number;
  readonly userCooldownMs: number;
  readonly guildMaxActive: number;
  readonly promptMaxLength: number;
  /** The reader's jobs in flight (everywhere). */
  readonly userActive: number;
  /** This server's jobs in flight; ignored in DMs. */
  readonly guildActive: number;
  /** The Enhance factors offered under single pictures; none (the default) when Enhance is off. */
  readonly enhanceFactors?: readonly UpscaleFactor[];
}

/** The parameters the bot checks, as they are written in every language. */
const PARAMETERS =
  "`--ar W:H`, `--chaos 0-100`, `--stylize 0-1000`, `--weird 0-3000`, `--seed N`, `--no a, b`, " +
  "`--q .25|.5|1|2|4`, `--stop 10-100`, `--style raw`, `--v N`, `--niji N`, `--iw 0-3`, `--tile`";

function limitLines(t: Translator, ctx: HelpContext): string[] {
  const lines = [ctx.guildId === null ? t("help.limitsDm") : t("help.limitsServer")];
  if (ctx.isModerator) {
    lines.push(t("help.moderator"));
  } else {
    lines.push(
      t("help.userActive", { count: ctx.userMaxActive, active: ctx.userActive }),
      ctx.userCooldownMs > 0
        ? t("help.cooldown", { cooldown: formatDuration(t, ctx.userCooldownMs) })
        : t("help.noCooldown"),
    );
  }
  if (ctx.guildId !== null) {
    lines.push(t("help.guildActive", { count: ctx.guildMaxActive, active: ctx.guildActive }));
  }
  lines.push(t("help.promptLength", { max: ctx.promptMaxLength }));
  return lines;
}

/** The Enhance sentence, when Enhance is on: what it does and that it costs credits. */
function enhanceLines(t: Translator, factors: readonly UpscaleFactor[]): string[] {
  if (factors.length === 0) return [];
  const buttons = factors.map((f) => t("help.enhanceButton", { factor: factorLabel(f) })).join(", ");
  return [t("help.enhance", { buttons })];
}

/** A command's line: its name and required options in the reader's language, and its description. */
function commandLine(t: Translator, entry: HelpEntry): string {
  // The keys of the registry's commands, which the compiler cannot list: the command localization test
  // checks each has its texts.
  const text = t as unknown as (key: string) => string;
  const path = `command.${entry.name}`;
  const options = entry.required.map((option) => ` ${text(`${path}.${option}.name`)}:`).join("");
  return t("helpList.command", {
    usage: `/${text(`${path}.name`)}${options}`,
    description: text(`${path}.description`),
  });
}

/** The help message for one reader in one place (server or DM), in `t`'s language. Pure. */
export function renderHelp(t: Translator, ctx: HelpContext): MessagePayload {
  const about = [t("help.about"), ...enhanceLines(t, ctx.enhanceFactors ?? [])];
  const syntax = [t("help.syntax"), t("help.parameters", { parameters: PARAMETERS }), t("help.unsupported")];
  const content = [
    ...about,
    "",
    t("helpList.title"),
    ...ctx.commands.map((entry) => commandLine(t, entry)),
    t("helpList.dmPrompt"),
    "",
    ...syntax,
    "",
    ...limitLines(t, ctx),
  ].join("\n");
  // The buttons under results, in an embed: the content's 2000 characters hold the rest.
  const tools = { title: t("help.toolsTitle"), description: t("help.tools") };
  return { content, embeds: [tools], components: [], allowedMentions: NO_PINGS };
}
