/**
 * `/imagine-config paused list` and `paused lift member:`: the members of this server paused after
 * Midjourney's refusals (`src/moderation/refusal-pauses.ts`), and lifting a pause (recorded in the audit
 * channel). Moderators only, as the whole command.
 */
import type { ChatInputCommandInteraction, InteractionReplyOptions } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import type { Translator } from "../../src/i18n/translate.js";
import { absoluteTimestamp, EMBED_COLORS, relativeTimestamp } from "../../src/render/format.js";
import { NO_PINGS } from "../../src/render/message-parts.js";

/** The subcommand paths this module answers. */
export const PAUSED_PATHS: ReadonlySet<string> = new Set(["paused list", "paused lift"]);

const at = (ms: number) => `${absoluteTimestamp(ms) ?? ""} (${relativeTimestamp(ms) ?? ""})`;

/** The paused members of `guildId`, soonest end first, with the rule in force. */
async function pausedList(t: Translator, app: BotContext, guildId: string): Promise<InteractionReplyOptions> {
  const { config } = app;
  const pauses = await app.pauses.activePauses(guildId);
  const rule =
    config.MIDJOURNEY_REFUSALS_TO_PAUSE === 0
      ? t("accountSafety.pausedList.off")
      : t("accountSafety.pausedList.rule", {
          threshold: config.MIDJOURNEY_REFUSALS_TO_PAUSE,
          hours: config.MIDJOURNEY_REFUSAL_PAUSE_HOURS,
        });
  const lines =
    pauses.length === 0
      ? [t("accountSafety.pausedList.none")]
      : pauses.slice(0, 40).map((p) =>
          t("accountSafety.pausedList.entry", {
            user: `<@${p.userId}>`,
            until: at(p.until),
            refusals: p.refusals,
          }),
        );
  return {
    embeds: [
      {
        title: t("accountSafety.pausedList.title"),
        description: [...lines, "", rule].join("\n"),
        color: pauses.length === 0 ? EMBED_COLORS.completed : EMBED_COLORS.waiting,
      },
    ],
    allowedMentions: NO_PINGS,
  };
}

/** Answers `/imagine-config paused …` (path in {@link PAUSED_PATHS}). */
export async function answerPaused(
  interaction: ChatInputCommandInteraction,
  app: BotContext,
  t: Translator,
  guildId: string,
  path: string,
): Promise<InteractionReplyOptions> {
  if (path === "paused list") return pausedList(t, app, guildId);
  const member = interaction.options.getUser("member", true);
  const pause = (await app.pauses.activePause(member.id, guildId)) ?? null;
  const lifted = await app.pauses.lift(member.id, guildId);
  const user = `<@${member.id}>`;
  if (!lifted || pause === null)
    return { content: t("accountSafety.notPaused", { user }), allowedMentions: NO_PINGS };
  void app.audit.pauseChanged({ kind: "lifted", ...pause, by: interaction.user.id });
  app.logger.info(
    { guildId, userId: member.id, by: interaction.user.id },
    "a moderator lifted a member's pause",
  );
  return { content: t("accountSafety.lifted", { user }), allowedMentions: NO_PINGS };
}
