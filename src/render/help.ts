/**
 * The help answer: what the bot does, its commands, prompt syntax with examples, and the limits in force
 * for the reader where they ask. One renderer for `/help` and the DM `help`, so both always say the same.
 */
import type { UpscaleFactor } from "../service/schema.js";
import { factorLabel } from "./final.js";
import { formatDuration } from "./format.js";
import { NO_PINGS } from "./message-parts.js";
import type { MessagePayload } from "./payload.js";

/** The limits in force for one user in one place, and what they have running now. */
export interface HelpContext {
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

const ABOUT = [
  "**imagine-bot** turns a text prompt (and optionally images) into a grid of four pictures.",
  "Progress is shown as it goes; under the grid, **U1–U4** post one picture large and **🔄** runs the prompt again.",
];

const COMMANDS = [
  "**Commands**",
  "• `/imagine prompt:` (optionally `image:`): draw a prompt in this channel.",
  "• `/blend image1: image2:` (up to `image5:`, optional `prompt:` and `aspect:`): blend 2–5 images.",
  "• `/imagine-status` (moderators): service health, this server's jobs, recent failures and limits.",
  "• `/imagine-config` (moderators): this server's limits, banned words, channels and defaults.",
  "• `/settings`: your prompt suffix, default aspect ratio, delivery by DM and language.",
  "• `/history`: your recent images (in a server, that server's; in DMs, all), with links. `/show job:` posts one again.",
  "• `/quota`: what you have left today (images, jobs at once, cooldown) and when it starts again.",
  "• `/help`: this message.",
  "• In a DM, send me a prompt (with images attached if you like); send `help` for this message.",
];

const SYNTAX = [
  "**Prompt syntax**: image URLs first, then the text, then parameters.",
  "> a lighthouse at dusk, oil painting --ar 16:9",
  "> https://example.com/cat.png a cat as a knight --iw 1.5",
  "> a misty forest --no people, text --chaos 20 --stylize 300 --v 6",
  "Parameters: `--ar W:H`, `--chaos 0-100`, `--stylize 0-1000`, `--weird 0-3000`, `--seed N`, `--no a, b`, " +
    "`--q .25|.5|1|2|4`, `--stop 10-100`, `--style raw`, `--v N`, `--niji N`, `--iw 0-3`, `--tile`.",
  "Permutations `{a, b}` and `--repeat` are not supported.",
];

function images(count: number): string {
  return count === 1 ? "1 image" : `${count} images`;
}

function limitLines(ctx: HelpContext): string[] {
  const where = ctx.guildId === null ? "in DMs" : "in this server";
  const lines = [`**Your limits ${where}**`];
  if (ctx.isModerator) {
    lines.push("• As a moderator you have no per-user limit on jobs or cooldown.");
  } else {
    lines.push(
      `• At most ${images(ctx.userMaxActive)} at once; you have ${ctx.userActive} running now.`,
      ctx.userCooldownMs > 0
        ? `• Wait ${formatDuration(ctx.userCooldownMs)} between two prompts.`
        : "• No wait between prompts.",
    );
  }
  if (ctx.guildId !== null) {
    lines.push(
      `• This server runs at most ${images(ctx.guildMaxActive)} at once; ${ctx.guildActive} running now.`,
    );
  }
  lines.push(`• Prompts up to ${ctx.promptMaxLength} characters.`);
  return lines;
}

/** The Enhance sentence, when Enhance is on: what it does and that it costs credits. */
function enhanceLines(factors: readonly UpscaleFactor[]): string[] {
  if (factors.length === 0) return [];
  const buttons = factors.map((f) => `**Enhance ${factorLabel(f)}**`).join(", ");
  return [
    `Under a single picture, ${buttons} makes a larger copy of it; each one uses image-service credits.`,
  ];
}

/** The help message for one reader in one place (server or DM). Pure. */
export function renderHelp(ctx: HelpContext): MessagePayload {
  const about = [...ABOUT, ...enhanceLines(ctx.enhanceFactors ?? [])];
  const content = [...about, "", ...COMMANDS, "", ...SYNTAX, "", ...limitLines(ctx)].join("\n");
  return { content, embeds: [], components: [], allowedMentions: NO_PINGS };
}
