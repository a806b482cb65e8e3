/**
 * A starter list of words Midjourney refuses in prompts (MIDJOURNEY_BANNED_WORDS, on by default): checked
 * before anything is sent, after the owner's and the server's own lists, so that the operator's Midjourney
 * account does not collect refusals (repeated refusals put it at risk of suspension).
 *
 * This is data written for imagine-bot, not a copy. It follows what two public community lists of refused
 * words record, with the entries weighed one by one:
 * - github.com/PlexPt/midjourney-banned-prompt (about 220 entries, 2023; words users reported Midjourney
 *   refused, collected from its Discord). No licence file is published with it, so nothing is copied from
 *   it: only the fact that a word is refused is used.
 * - github.com/goapi-ai/midjourney-api-prompt-checker (MIT licence; a Go list derived from the one above).
 *
 * Left out on purpose, because they have common innocent uses and a refusal would be wrong more often than
 * right: bare, thick, crack, bra, vein, blood, flesh, wound, surgery, kill, slave, transparent, clear,
 * pleasure, organs, knob, booty, sensual, sexy, seductive, lingerie, gore (a name; a panel of fabric), cock and
 * tits (birds), dick (Moby Dick), pussy (pussy willow), cum (cum laude), sex (of an animal), corpse (Corpse
 * Bride), crucified (religious art), smut (corn smut, a plant disease), massacre (history painting), suicide (Suicide Squad), bottomless (pit).
 * An owner who wants them refused adds them to BANNED_WORDS or a server adds them in `/imagine-config`.
 *
 * Each entry also matches its common plural forms ({@link withPluralForms}), as whole words only, with case
 * and accents folded (see `banned-words.ts`).
 */
export const MIDJOURNEY_BANNED_WORDS: readonly string[] = [
  // Nudity and sexual content.
  "nude",
  "nudity",
  "naked",
  "nsfw",
  "porn",
  "porno",
  "pornographic",
  "pornography",
  "xxx",
  "hentai",
  "ahegao",
  "rule34",
  "erotic",
  "erotica",
  "orgasm",
  "orgy",
  "incest",
  "wincest",
  "horny",
  "fetish",
  "bdsm",
  "bondage",
  "ballgag",
  "shibari",
  "kinbaku",
  "dominatrix",
  "brothel",
  "stripper",
  "striptease",
  "topless",
  "genitals",
  "genitalia",
  "penis",
  "phallus",
  "vagina",
  "vulva",
  "labia",
  "clitoris",
  "nipple",
  "areola",
  "boob",
  "boobies",
  "titties",
  "semen",
  "ejaculation",
  "masturbation",
  "masturbating",
  "sexual intercourse",
  "making love",
  "legs spread",
  "full frontal",
  "no clothes",
  "without clothes",
  "wearing nothing",
  "zero clothes",
  "unclothed",
  "undressed",
  "scantily clad",
  "see-through clothes",
  "milf",
  "thot",
  "onlyfans",
  "playboy",
  "sexting",
  "camgirl",
  // Violence and gore.
  "gory",
  "gruesome",
  "gorefest",
  "bloodbath",
  "bloody corpse",
  "decapitated",
  "decapitation",
  "beheading",
  "beheaded",
  "dismembered",
  "dismemberment",
  "disembowelled",
  "disemboweled",
  "eviscerated",
  "torture",
  "tortured",
  "mutilated",
  "mutilation",
  "vivisection",
  "cannibal",
  "cannibalism",
  "self-harm",
  "teratoma",
  // Hard drugs.
  "cocaine",
  "heroin",
  "methamphetamine",
  "crystal meth",
];

/** Letters a noun ends with when its plural adds `es`: `fetish` → `fetishes`, `sex` → `sexes`. */
const ES_PLURAL = /(?:s|x|z|ch|sh)$/;
/** A consonant then `y`: the plural ends in `ies` (`orgy` → `orgies`). */
const Y_PLURAL = /[^aeiou]y$/;

/**
 * An entry with its common plural forms: the last word with `s`, with `es` after s, x, z, ch and sh, and
 * with `ies` for a consonant then `y`. Irregular plurals are listed as entries of their own.
 */
export function pluralForms(entry: string): string[] {
  const words = entry.split(" ");
  const last = words.pop() ?? "";
  const head = words.length > 0 ? `${words.join(" ")} ` : "";
  const forms = [`${last}s`];
  if (ES_PLURAL.test(last)) forms.push(`${last}es`);
  if (Y_PLURAL.test(last)) forms.push(`${last.slice(0, -1)}ies`);
  return [entry, ...forms.map((form) => `${head}${form}`)];
}

/** Every entry of `list` with its plural forms (for a matcher of whole words). */
export function withPluralForms(list: readonly string[]): string[] {
  return list.flatMap(pluralForms);
}
