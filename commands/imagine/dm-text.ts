/**
 * What a DM means as a prompt. In a DM a member may type a command out of habit (`/imagine a red car`,
 * `/imagine prompt: a red car`): where the commands are registered per server, Discord sends it as plain
 * text. The command's name (in any of the bot's languages) and its option's name are not the prompt. Pure.
 */
import { LANGUAGES } from "../../src/i18n/languages.js";
import { translator } from "../../src/i18n/translate.js";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const namesOf = (key: "command.imagine.name" | "command.imagine.prompt.name") =>
  [...new Set(LANGUAGES.map((language) => translator(language)(key)))].map(escape).join("|");

/** `/imagine` and `prompt:` at the start, in any of the bot's languages (built per DM: DMs are few). */
const typedCommand = () =>
  new RegExp(
    `^\\/(?:${namesOf("command.imagine.name")})(?:\\s+(?:${namesOf("command.imagine.prompt.name")}):)?(?=\\s|$)\\s*`,
    "iu",
  );

/** `text` without a leading `/imagine` (and `prompt:`), in any of the bot's languages. */
export function withoutTypedCommand(text: string): string {
  return text.replace(typedCommand(), "");
}
