import { PromptProblemsError } from "./prompt-problems-error.js";
import {
  checkAttachmentLink,
  checkImageAttachment,
  type AttachmentInfo,
  type AttachmentLink,
} from "./check-attachment.js";
import { assemblePrompt, type PromptDefaults } from "./assemble-prompt.js";
import { checkPrompt } from "./check-prompt.js";
import { promptFromParts, type Prompt } from "./prompt.js";

/** An image the user attached as an image prompt. */
export interface PromptAttachment extends AttachmentInfo, AttachmentLink {}

export interface PromptLimits {
  maxLength: number;
  attachmentMaxBytes: number;
}

/**
 * Checks what the user typed (and attached) with the `defaults` around it (member's suffix and aspect
 * ratio, server's parameters; see `assemblePrompt`) and returns the prompt to send: image URL first, then
 * text, then parameters, read once into the {@link Prompt} the job carries from admission to the request.
 * @throws {PromptProblemsError} saying what to change, before anything is sent to the service.
 */
export function preparePrompt(
  text: string,
  attachments: readonly PromptAttachment[],
  limits: PromptLimits,
  defaults: PromptDefaults = {},
): Prompt {
  for (const attachment of attachments) {
    const problem =
      checkAttachmentLink(attachment) ?? checkImageAttachment(attachment, limits.attachmentMaxBytes);
    if (problem) throw new PromptProblemsError([problem]);
  }
  const input = {
    text: assemblePrompt(text, defaults, attachments.length > 0),
    // Every link was checked above.
    imageUrls: attachments.map((a) => a.url ?? ""),
    maxLength: limits.maxLength,
  };
  const checked = checkPrompt(input);
  if (!checked.ok) throw new PromptProblemsError(checked.problems);
  return promptFromParts(checked.prompt, checked.parts);
}
