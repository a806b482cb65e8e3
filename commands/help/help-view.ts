/**
 * The help answer: what the bot does, its commands, prompt syntax with examples, the buttons under results
 * and the limits in force for the reader where they ask. One renderer for `/help` and the DM `help`, so both
 * always say the same. Each part is an embed of its own: together they stay within a message's 6,000
 * characters of embeds in every language, where one 2,000-character content could not hold them.
 * @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 */
import type { APIEmbed } from "discord-api-types/v10";
import type { Translator } from "../../src/i18n/translate.js";
import type { Speed } from "../../src/prompt/speed.js";
import type { UpscaleFactor } from "../../src/service/schema.js";
import { factorLabel } from "../../src/render/final.js";
import { formatDuration, listOf } from "../../src/render/format.js";
import { inlineCode } from "../../src/render/markdown.js";
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
  /** The names of this server's styles (`/imagine style:`); none in DMs. */
  readonly styles?: readonly string[];
  /** The speeds the reader may use here and the image servers can run; omitted: not said. */
  readonly speeds?: readonly Speed[];
}

/** The parameters the bot checks, as they are written in every language. */
const PARAMETERS =
  "`--ar W:H`, `--chaos 0-100`, `--stylize 0-1000`, `--weird 0-3000`, `--seed N`, `--no a, b`, " +
  "`--q .25|.5|1|2|4`, `--stop 10-100`, `--style raw`, `--v N`, `--niji N`, `--iw 0-3`, `--tile`";

function limitLines(t: Translator, ctx: HelpContext): string[] {
  const lines: string[] = [];
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
  const buttons = factors.map((f) => t("help.enhanceButton", { factor: factorLabel(f) }));
  return [t("help.enhance", { buttons: listOf(t, buttons, "disjunction") })];
}

/** What a member can add to a prompt here: the server's styles, and the speeds they may choose. */
function choiceLines(t: Translator, ctx: HelpContext): string[] {
  const lines: string[] = [];
  if (ctx.guildId !== null && ctx.styles !== undefined) {
    lines.push(
      ctx.styles.length === 0
        ? t(ctx.isModerator ? "help.noStylesModerator" : "help.noStyles")
        : t("help.styles", { names: ctx.styles.map(inlineCode).join(", ") }),
    );
  }
  if (ctx.speeds !== undefined) {
    lines.push(
      ctx.speeds.length === 0
        ? t("help.noSpeeds")
        : t("help.speeds", { speeds: ctx.speeds.map((s) => inlineCode(`--${s}`)).join(", ") }),
    );
  }
  return lines;
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

/** The commands embed: the members' commands, the DM prompt, then the moderators' under their heading. */
function commandsEmbed(t: Translator, ctx: HelpContext): APIEmbed {
  const members = ctx.commands.filter((c) => !c.forModerators).map((c) => commandLine(t, c));
  const moderators = ctx.commands.filter((c) => c.forModerators).map((c) => commandLine(t, c));
  const lines = [...members, t("helpList.dmPrompt")];
  if (moderators.length > 0) lines.push("", t("helpList.moderators"), ...moderators);
  return { title: t("helpList.heading"), description: lines.join("\n") };
}

/** The help message for one reader in one place (server or DM), in `t`'s language. Pure. */
export function renderHelp(t: Translator, ctx: HelpContext): MessagePayload {
  const syntax = [
    t("help.syntax"),
    t("help.parameters", { parameters: PARAMETERS }),
    t("help.unsupported"),
    ...choiceLines(t, ctx),
  ];
  const tools = [t("help.tools"), ...enhanceLines(t, ctx.enhanceFactors ?? [])];
  const limitsTitle = ctx.guildId === null ? t("help.limitsDmTitle") : t("help.limitsServerTitle");
  const embeds: APIEmbed[] = [
    commandsEmbed(t, ctx),
    { description: syntax.join("\n") },
    { title: t("help.toolsTitle"), description: tools.join("\n") },
    { title: limitsTitle, description: limitLines(t, ctx).join("\n") },
  ];
  return { content: t("help.about"), embeds, components: [], allowedMentions: NO_PINGS };
}
