import { describe, expect, test } from "vitest";
import { translator } from "../../src/i18n/translate.js";
import { renderFailed, renderTimedOut } from "../../src/render/failure.js";
import { renderCompleted } from "../../src/render/final.js";
import { renderHelp } from "../../commands/help/help-view.js";
import type { RenderContext } from "../../src/render/message-parts.js";
import { renderProgress } from "../../src/render/progress.js";
import { renderAdmissionRefusal } from "../../src/render/refusal.js";
import {
  completedRecord,
  expectWithinDiscordLimits,
  JOB_ID,
  makeRecord,
  REQUESTER_ID,
  visibleText,
} from "./helpers.js";
import type { MessagePayload } from "../../src/render/payload.js";
import { readPrompt } from "../../src/prompt/prompt.js";

/** The help's text as a reader sees it: the content, then each embed's title and description. */
function shownText(payload: MessagePayload): string {
  return [payload.content, ...payload.embeds.flatMap((e) => [e.title ?? "", e.description ?? ""])].join("\n");
}

const fr = translator("fr");
const STARTED_AT = 1_714_557_600_000;
const ctx: RenderContext = {
  requesterId: REQUESTER_ID,
  prompt: readPrompt("un phare au crépuscule --ar 16:9"),
  jobId: JOB_ID,
  startedAt: STARTED_AT,
  imageUrl: null,
};

describe("the messages of a job in French", () => {
  test("progress: status, sentence, prompt heading, fields and the Cancel button", () => {
    const payload = renderProgress(fr, makeRecord({ status: "in-progress", progress: 40 }), ctx);
    expectWithinDiscordLimits(payload);
    expect(payload.embeds[0]?.title).toBe("🖌️ Génération");
    expect(visibleText(payload)).toContain("Le générateur dessine ton image");
    expect(payload.embeds[0]?.description).toContain("**Description**\nun phare au crépuscule --ar 16:9");
    expect(payload.embeds[0]?.fields?.map((f) => f.name)).toEqual(["Demandé par", "Commencé"]);
    expect(payload.embeds[0]?.footer?.text).toBe(`Tâche ${JOB_ID}`);
    expect(payload.components[0]?.components.map((b) => ("label" in b ? b.label : ""))).toEqual(["Annuler"]);
  });

  test("the finished grid pings the requester in French and says how long it took", () => {
    const payload = renderCompleted(fr, completedRecord(), {
      ...ctx,
      imageUrl: "https://cdn.example.com/grid.png",
      finishedAt: STARTED_AT + 65_000,
    });
    expectWithinDiscordLimits(payload);
    expect(payload.content).toBe(`<@${REQUESTER_ID}> ton image est prête.`);
    expect(payload.embeds[0]?.title).toBe("✅ Ton image est prête");
    const fields = new Map(payload.embeds[0]?.fields?.map((f) => [f.name, f.value]));
    expect(fields.get("Terminé")).toBe("en 1 min 5 s");
    expect(fields.get("Format")).toBe("16:9");
  });

  test("a failure explains the generator's refusal and keeps its own words as they are", () => {
    const record = makeRecord({ status: "failed", error: "Midjourney message: Banned prompt detected" });
    const payload = renderFailed(fr, record, ctx);
    expect(payload.embeds[0]?.title).toBe("❌ Ton image n'a pas pu être créée");
    expect(payload.embeds[0]?.description).toContain("La modération du générateur d'images a refusé");
    expect(payload.embeds[0]?.fields?.[0]).toEqual({
      name: "Le générateur a dit",
      value: "> Banned prompt detected",
    });
  });

  test("a timeout names its duration with French plurals and keeps the Try again button", () => {
    const payload = renderTimedOut(fr, ctx, 20 * 60_000);
    expect(payload.embeds[0]?.title).toBe("⌛ Attente arrêtée après 20 minutes");
    expect(payload.embeds[0]?.description).toContain("`/imaginer`");
    expect(payload.components[0]?.components.map((b) => ("label" in b ? b.label : ""))).toEqual([
      "Réessayer",
    ]);
  });

  test("a refusal and the help name French counts and French command names", () => {
    expect(renderAdmissionRefusal(fr, { code: "user-active", active: 2, limit: 2 })).toBe(
      "Tu as déjà 2 images en cours de génération, le maximum simultané (2). " +
        "Tu pourras en lancer une autre quand l'une d'elles sera terminée.",
    );
    const help = shownText(
      renderHelp(fr, {
        commands: [{ name: "imagine", required: ["prompt"], inDms: true, forModerators: false }],
        guildId: "1",
        isModerator: false,
        userMaxActive: 1,
        userCooldownMs: 90_000,
        guildMaxActive: 5,
        promptMaxLength: 1000,
        userActive: 0,
        guildActive: 0,
      }),
    );
    expect(help).toContain("`/imaginer description:`");
    expect(help).toContain("• Au plus 1 image à la fois ; tu en as 0 en cours.");
    expect(help).toContain("• Attends 1 minute 30 secondes entre deux descriptions.");
    expect(help).toContain("--ar 16:9");
  });
});
