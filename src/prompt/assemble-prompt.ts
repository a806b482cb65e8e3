/**
 * The one place a prompt meets the defaults around it: the member's suffix and default aspect ratio
 * (`/settings`) and the server's default parameters (`/imagine-config`). Pure; the result goes through the
 * usual prompt checks, so a default can never smuggle in what a typed prompt could not.
 */
import { canonicalParameterName } from "./parameter-rules.js";
import { normalizePrompt, parsePrompt, type PromptParameter } from "./parse-prompt.js";

/** What is added to a prompt, each part optional. */
export interface PromptDefaults {
  /** The member's suffix: its words follow the prompt's description, its parameters the prompt's. */
  readonly suffix?: string | undefined;
  /** The member's default aspect ratio (`16:9`), sent as `--ar` when nothing else sets one. */
  readonly aspectRatio?: string | undefined;
  /** The server's default parameters (`--v 7 --stylize 100`), each used when nothing else sets it. */
  readonly serverParameters?: string | undefined;
}

/**
 * The prompt to check and send: the typed prompt's image links and description, the suffix's words, then
 * the prompt's parameters, then each default parameter whose name (aliases included: `--aspect` is
 * `--ar`) is not set yet, in this order of precedence: the prompt, the member's suffix, the member's
 * aspect ratio, the server's defaults. Nothing is added to a prompt without description or image (the
 * checks refuse it as typed); `hasImages` says that images are attached besides the text. Returns the
 * typed text unchanged when there is nothing to add.
 */
export function assemblePrompt(text: string, defaults: PromptDefaults, hasImages = false): string {
  const prompt = parsePrompt(normalizePrompt(text));
  const suffix = parsePrompt(normalizePrompt(defaults.suffix ?? ""));
  const server = parsePrompt(normalizePrompt(defaults.serverParameters ?? ""));
  const aspectRatio = defaults.aspectRatio?.trim() ?? "";
  const hasSubject = prompt.text !== "" || prompt.imageUrls.length > 0 || hasImages;
  if (!hasSubject) return text;

  const set = new Set(prompt.parameters.map((p) => canonicalParameterName(p.name)));
  const added: PromptParameter[] = [];
  const addUnset = (parameters: readonly PromptParameter[]) => {
    for (const parameter of parameters) {
      const name = canonicalParameterName(parameter.name);
      if (set.has(name)) continue;
      set.add(name);
      added.push(parameter);
    }
  };
  addUnset(suffix.parameters);
  if (aspectRatio !== "") addUnset(parsePrompt(`--ar ${aspectRatio}`).parameters);
  addUnset(server.parameters);
  // A suffix's words before its first parameter belong to the description; server defaults are only
  // parameters (checked when set).
  const words = [...suffix.imageUrls, suffix.text].filter((w) => w !== "");
  if (words.length === 0 && added.length === 0) return text;

  return [
    ...prompt.imageUrls,
    prompt.text,
    ...words,
    ...prompt.parameters.map((p) => p.raw),
    ...added.map((p) => p.raw),
  ]
    .filter((part) => part !== "")
    .join(" ");
}
