import { describe, expect, test } from "vitest";
import type { HistoryPage } from "../../../commands/history/history-query.js";
import { renderHistory } from "../../../commands/history/history-view.js";
import { makeJob } from "../../store/store-fixtures.js";
import { english } from "../../../src/i18n/translate.js";
import { readPrompt } from "../../../src/prompt/prompt.js";

const ids = { page: (n: number) => `page:${n}`, show: (job: { imageId: string }) => `show:${job.imageId}` };

function page(overrides: Partial<HistoryPage>): HistoryPage {
  return { jobs: [], page: 0, hasOlder: false, scope: "server", ...overrides };
}

const textOf = (payload: ReturnType<typeof renderHistory>) =>
  [payload.content, ...payload.embeds.map((e) => `${e.title ?? ""}\n${e.description ?? ""}`)].join("\n");
const labels = (payload: ReturnType<typeof renderHistory>) =>
  payload.components.flatMap((row) => row.components.map((b) => ("label" in b ? b.label : "")));

describe("renderHistory", () => {
  test("an empty history says so, with no buttons", () => {
    const payload = renderHistory(english, page({}), 5, ids);
    expect(payload.content).toBe(
      "You have no images in this server that the bot still remembers. Run `/imagine` to make one.",
    );
    expect(payload.components).toEqual([]);
  });

  test("a running job shows its status, a job without a known message says so, and only completed jobs get Show", () => {
    const running = makeJob({ imageId: "running", status: "in-progress" });
    const noMessage = makeJob({ imageId: "done", outcome: "completed", status: "completed" });
    noMessage.location.messageId = null;
    const payload = renderHistory(
      english,
      page({ jobs: [running, noMessage], page: 1, hasOlder: true }),
      5,
      ids,
    );
    const text = textOf(payload);
    expect(text).toMatch(
      /\*\*6\.\*\* 🖌️ Generating · <t:1700000000:f> · \[jump to message\]\(https:\/\/discord\.com\/channels\//,
    );
    expect(text).toMatch(/\*\*7\.\*\* ✅ Completed · <t:1700000000:f> · message unknown/);
    expect(labels(payload)).toEqual(["Show 7", "◀ Newer", "Older ▶"]);
    expect(payload.allowedMentions).toEqual({ parse: [], users: [], repliedUser: false });
  });

  test("everywhere (in DMs) says where each job was; prompt markdown and links are neutralised", () => {
    const dm = makeJob({ prompt: readPrompt("https://cdn.example/a.png **bold** @everyone") });
    dm.location.guildId = null;
    const text = textOf(renderHistory(english, page({ jobs: [dm], scope: "everywhere" }), 5, ids));
    expect(text).toContain("Your images everywhere");
    expect(text).toContain("in DMs");
    expect(text).toContain("🔗 \\*\\*bold\\*\\*");
  });
});
