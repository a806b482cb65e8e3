import { describe, expect, test } from "vitest";
import { BannedWords } from "../../src/moderation/banned-words.js";
import {
  MIDJOURNEY_BANNED_WORDS,
  pluralForms,
  withPluralForms,
} from "../../src/moderation/midjourney-banned-words.js";

const STARTER = new BannedWords(withPluralForms(MIDJOURNEY_BANNED_WORDS));

/**
 * Innocent words and phrases that contain an entry of the starter list (or a word left out of it on
 * purpose) inside a longer word. None may be refused ("Scunthorpe" refusals).
 */
const INNOCENT = [
  "category",
  "allegory",
  "categorys",
  "allegorical",
  "nudibranch",
  "denuded",
  "snaked",
  "Georgy the cat",
  "porgy and bess",
  "heroine",
  "heroines",
  "heroinelike",
  "cocktail",
  "peacock",
  "cockatoo",
  "hitchcock",
  "dickens",
  "Moby Dick",
  "a cock crowing at dawn",
  "blue tits in a garden",
  "pussy willow",
  "summa cum laude",
  "cucumber",
  "document",
  "circumstance",
  "scum",
  "essex",
  "sussex",
  "middlesex",
  "sextant",
  "sexton",
  "title",
  "titan",
  "petite",
  "titmouse",
  "Scunthorpe",
  "Penistone",
  "penistone station",
  "therapist",
  "grape",
  "drape",
  "trapeze",
  "analog",
  "canal",
  "banal",
  "method",
  "something",
  "methane",
  "metheny",
  "thoth, egyptian god",
  "thorny rose",
  "horns of a ram",
  "javelin",
  "java island",
  "smuts",
  "corn smut on maize",
  "Jan Smuts",
  "raccoon",
  "cocoon",
  "tycoon",
  "arsenal",
  "parsec",
  "milford sound",
  "labial",
  "crotchet",
  "bonded",
  "bond street",
  "strip mall",
  "stripe",
  "striped",
  "tortoise",
  "tortilla",
  "retort",
  "massacred", // left out of the list on purpose
  "corpse bride",
  "bottomless pit",
  "suicide squad",
  "vulvar", // contains an entry, but a longer word
  "vulcan",
  "nippled",
  "booby trap",
  "boobook owl",
  "cannibalize a spare part",
  "fetishistic",
  "genital",
  "orgasmic",
  "erotically",
  "incestuous",
  "semenov",
  "cumulus clouds",
  "gorgeous",
  "ejaculatory",
  "eviscerate",
  "decapitate",
  "dismember",
  "mutilate",
  "xxxl shirt",
  "hentaigana script",
  "nsfwish",
  "bdsmall",
  "gruesomely",
  "cocainelike",
  "crystal method",
  "self harmony",
  "rule 34th street",
  "areolar tissue",
  "kinbakuya",
  "shibarikun",
  "wincester",
  "ahegaoo",
  "camgirlish",
  "onlyfansy",
  "sextingly",
  "vaginal",
  "clitoral",
  "pornographer",
  "smutty",
  "hornyness",
];

/** Words and phrases that are a listed word or one of its plural forms: refused. */
const MEANT_TO_MATCH = [
  "brothels",
  "gory details",
  "topless-looking convertible",
  "tortured soul",
  "undressed salad",
  "naked eye",
  "nude lipstick",
  "playboys",
  "methamphetamines",
  "dominatrixes",
  "boobs",
  "titties",
  "phalluses",
  "porno",
  "erotic",
  "genitalias",
];

describe("the Midjourney starter list", () => {
  test(`refuses none of ${INNOCENT.length} innocent words and phrases that contain banned ones`, () => {
    expect(INNOCENT.length).toBeGreaterThanOrEqual(100);
    const refused = INNOCENT.filter((text) => STARTER.find(text) !== null);
    expect(refused).toEqual([]);
  });

  test.each(MEANT_TO_MATCH)("refuses %j: a listed word or its plural, as a whole word", (text) => {
    expect(STARTER.find(text)).not.toBeNull();
  });

  test.each([
    ["NUDE", "case folded"],
    ["a nüde figure", "accents folded"],
    ["ＮＡＫＥＤ", "full-width letters folded"],
    ["nudes at the beach", "plural with s"],
    ["orgies", "plural of a consonant then y"],
    ["fetishes", "plural with es"],
    ["crystal meths", "the plural of a phrase's last word"],
    ["scantily-clad", "a phrase written with a hyphen"],
    ["a gory scene, hd --ar 16:9", "a word among parameters"],
  ])("refuses %j (%s)", (text) => {
    expect(STARTER.find(text)).not.toBeNull();
  });

  test("names public sources and their licences, and holds no common word with innocent uses", async () => {
    const { readFile } = await import("node:fs/promises");
    const source = await readFile(
      new URL("../../src/moderation/midjourney-banned-words.ts", import.meta.url),
      "utf8",
    );
    expect(source).toContain("github.com/PlexPt/midjourney-banned-prompt");
    expect(source).toContain("github.com/goapi-ai/midjourney-api-prompt-checker (MIT licence");
    for (const innocentWord of ["bare", "thick", "crack", "bra", "vein", "blood", "kill", "cock", "sex"]) {
      expect(MIDJOURNEY_BANNED_WORDS).not.toContain(innocentWord);
    }
  });
});

describe("pluralForms", () => {
  test.each<[string, string[]]>([
    ["nude", ["nude", "nudes"]],
    ["orgy", ["orgy", "orgys", "orgies"]],
    ["fetish", ["fetish", "fetishs", "fetishes"]],
    ["crystal meth", ["crystal meth", "crystal meths"]],
  ])("%j → %j", (entry, forms) => {
    expect(pluralForms(entry)).toEqual(forms);
  });
});
