import { expect, test } from "vitest";
import { DELETE_ANSWER_PREFIX } from "../../../commands/delete/delete-confirm-id.js";
import { confirmForm } from "../../../commands/delete/delete-view.js";
import { LANGUAGES } from "../../../src/i18n/languages.js";
import { translator } from "../../../src/i18n/translate.js";

const TOOL = { jobId: "c0ffee00-0000-4000-8000-000000000001", requesterId: "1300000000000000001" };

test.each(LANGUAGES)(
  "in %s, Delete's form fits Discord's limits (title 45, text 4000) and answers Delete for that message",
  (language) => {
    const form = confirmForm(translator(language), TOOL, "1300000000000000002");
    expect(form).not.toBeNull();
    expect([...form!.title].length).toBeLessThanOrEqual(45);
    const [text] = form!.components as { content: string }[];
    expect(text!.content.length).toBeLessThanOrEqual(4000);
    expect(text!.content).toContain(TOOL.jobId);
    expect(form!.custom_id).toBe(
      `${DELETE_ANSWER_PREFIX}:y:1300000000000000002:${TOOL.jobId}:${TOOL.requesterId}`,
    );
  },
);
