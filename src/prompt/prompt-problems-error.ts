import { UserError } from "../errors.js";
import { renderPromptProblems } from "../render/prompt-problems.js";
import type { PromptProblem } from "./problems.js";

/**
 * A prompt (or its attachments, or a default added to it) refused by the checks: carries the problems as
 * codes and is written in the reader's language only when it is shown.
 */
export class PromptProblemsError extends UserError {
  constructor(readonly problems: readonly PromptProblem[]) {
    super((t) => renderPromptProblems(problems, t), { codes: problems.map((problem) => problem.code) });
    this.name = "PromptProblemsError";
  }
}
