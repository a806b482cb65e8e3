/**
 * The text keys and their placeholders, as English writes them: the types every language's texts and the
 * translator are checked against (a leaf: the locales import it, and it imports no locale's values).
 */
import type { en } from "./locales/en.js";

type English = typeof en;
type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other";
type EnglishKey = keyof English & string;
/** A key as code names it: a plural text's key without its `_one`/`_other` suffix. */
export type TextKey = EnglishKey extends infer K
  ? K extends `${infer Base}_${PluralCategory}`
    ? Base
    : K
  : never;
/** The keys of plural texts (they take `count`). */
type PluralKey = EnglishKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;
type Forms<K extends TextKey> = English[Extract<EnglishKey, K | `${K}_${PluralCategory}`>];
type Placeholders<S> = S extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;
/** The values a text's placeholders take (`count` is a number: it chooses the plural form). */
export type TextParams<K extends TextKey> = {
  readonly [P in Placeholders<Forms<K>> | (K extends PluralKey ? "count" : never)]: P extends "count"
    ? number
    : string | number;
};
export type ParamsArg<K extends TextKey> = [Placeholders<Forms<K>>] extends [never]
  ? K extends PluralKey
    ? [params: TextParams<K>]
    : []
  : [params: TextParams<K>];

/** Texts in one language: any of English's keys (plural keys in the language's own forms), none other. */
export type Translations = {
  readonly [K in Exclude<TextKey, PluralKey> | `${PluralKey}_${PluralCategory}`]?: string;
};
