/**
 * The one place a prompt meets the member's preferences: their suffix and default aspect ratio
 * (`/settings`), and the server's style the member picked (`/imagine style:`). Pure; the result goes through the usual prompt checks (and banned words), so a preference
 * can never smuggle in what a typed prompt could not. The server's default parameters are added after
 * admission (`withDefaultParameters`), each only when the prompt, suffix included, does not set it: the
 * prompt wins over the member's preferences, which win over the server's defaults.
 */
import { parameterKey } from "./parameter-rules.js";
import { normalizePrompt, parsePrompt, type PromptParameter } from "./parse-prompt.js";

/** What a member's preferences add to a prompt, each part optional. */
export interface PromptDefaults {
  /** The member's suffix: its words follow the prompt's description, its parameters the prompt's. */
  readonly suffix?: string | undefined;
  /** The member's default aspect ratio (`16:9`), sent as `--ar` when nothing else sets one. */
  readonly aspectRatio?: string | undefined;
  /**
   * The text of the style picked for this prompt: its words follow the prompt's description (before the
   * suffix's), its parameters the prompt's (before the suffix's: picked for this prompt, it wins over a
   * standing preference).
   */
  readonly style?: string | undefined;
}

/**
 * The prompt to check and send: the typed prompt's image links and description, the style's and the
 * suffix's words, then the prompt's parameters, then each of the style's and the suffix's parameters and
 * the default aspect ratio whose name (aliases included: `--aspect` is `--ar`) is not set yet, in this order
 * of precedence: the prompt, the style, the suffix, the default aspect ratio. Nothing is added to a prompt without description or image (the
 * checks refuse it as typed); `hasImages` says that images are attached besides the text. Returns the
 * typed text unchanged when there is nothing to add.
 */
export function assemblePrompt(text: string, defaults: PromptDefaults, hasImages = false): string {
  const prompt = parsePrompt(normalizePrompt(text));
  const style = parsePrompt(normalizePrompt(defaults.style ?? ""));
  const suffix = parsePrompt(normalizePrompt(defaults.suffix ?? ""));
  const aspectRatio = defaults.aspectRatio?.trim() ?? "";
  const hasSubject = prompt.text !== "" || prompt.imageUrls.length > 0 || hasImages;
  if (!hasSubject) return text;

  const set = new Set(prompt.parameters.map((p) => parameterKey(p.name)));
  const added: PromptParameter[] = [];
  const addUnset = (parameters: readonly PromptParameter[]) => {
    for (const parameter of parameters) {
      const name = parameterKey(parameter.name);
      if (set.has(name)) continue;
      set.add(name);
      added.push(parameter);
    }
  };
  addUnset(style.parameters);
  addUnset(suffix.parameters);
  if (aspectRatio !== "") addUnset(parsePrompt(`--ar ${aspectRatio}`).parameters);
  // A style's or suffix's words before its first parameter belong to the description. Image links go first,
  // as Midjourney reads them; a style's words are a new phrase of the description, after a comma.
  const words = [...style.imageUrls, style.text, ...suffix.imageUrls, suffix.text].filter((w) => w !== "");
  if (words.length === 0 && added.length === 0) return text;
  const described = style.text === "" ? prompt.text : withStyleWords(prompt.text, style.text);

  return [
    ...prompt.imageUrls,
    ...style.imageUrls,
    described,
    ...suffix.imageUrls,
    suffix.text,
    ...prompt.parameters.map((p) => p.raw),
    ...added.map((p) => p.raw),
  ]
    .filter((part) => part !== "")
    .join(" ");
}

/** `description, style words`: a comma between them unless the description already ends a phrase. */
function withStyleWords(description: string, styleWords: string): string {
  if (description === "") return styleWords;
  return /[,;:.!?]$/.test(description) ? `${description} ${styleWords}` : `${description}, ${styleWords}`;
}
