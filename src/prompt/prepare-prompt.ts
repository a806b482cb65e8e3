import { UserError } from "../errors.js";
import type { Translator } from "../i18n/translate.js";
import {
  checkAttachmentLink,
  checkImageAttachment,
  type AttachmentInfo,
  type AttachmentLink,
} from "./check-attachment.js";
import { assemblePrompt, type PromptDefaults } from "./assemble-prompt.js";
import { checkPrompt } from "./check-prompt.js";

/** An image the user attached as an image prompt. */
export interface PromptAttachment extends AttachmentInfo, AttachmentLink {}

export interface PromptLimits {
  maxLength: number;
  attachmentMaxBytes: number;
}

/**
 * Checks what the user typed (and attached) with the `defaults` around it (member's suffix and aspect
 * ratio, server's parameters; see `assemblePrompt`) and returns the prompt to send: image URL first, then
 * text, then parameters.
 * @throws {UserError} saying what to change, before anything is sent to the service.
 */
export function preparePrompt(
  text: string,
  attachments: readonly PromptAttachment[],
  limits: PromptLimits,
  defaults: PromptDefaults = {},
): string {
  for (const attachment of attachments) {
    const check = (t?: Translator) =>
      checkAttachmentLink(attachment, t) ?? checkImageAttachment(attachment, limits.attachmentMaxBytes, t);
    const problem = check();
    // The checks are pure: the message is written again in the language of whoever it is shown to.
    if (problem) throw new UserError((t) => check(t)?.message ?? problem.message, { code: problem.code });
  }
  const input = {
    text: assemblePrompt(text, defaults, attachments.length > 0),
    // Every link was checked above.
    imageUrls: attachments.map((a) => a.url ?? ""),
    maxLength: limits.maxLength,
  };
  const checked = checkPrompt(input);
  if (!checked.ok) {
    const codes = checked.problems.map((p) => p.code);
    throw new UserError(
      (t) => {
        const local = checkPrompt(input, t);
        return local.ok ? checked.message : local.message;
      },
      { codes },
    );
  }
  return checked.prompt;
}
