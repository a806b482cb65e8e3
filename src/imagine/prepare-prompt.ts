import { UserError } from "../errors.js";
import {
  checkAttachmentLink,
  checkImageAttachment,
  type AttachmentInfo,
  type AttachmentLink,
} from "../prompt/check-attachment.js";
import { assemblePrompt, type PromptDefaults } from "../prompt/assemble-prompt.js";
import { checkPrompt } from "../prompt/check-prompt.js";

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
    const problem =
      checkAttachmentLink(attachment) ?? checkImageAttachment(attachment, limits.attachmentMaxBytes);
    if (problem) throw new UserError(problem.message, { code: problem.code });
  }
  const checked = checkPrompt({
    text: assemblePrompt(text, defaults, attachments.length > 0),
    // Every link was checked above.
    imageUrls: attachments.map((a) => a.url ?? ""),
    maxLength: limits.maxLength,
  });
  if (!checked.ok) throw new UserError(checked.message, { codes: checked.problems.map((p) => p.code) });
  return checked.prompt;
}
