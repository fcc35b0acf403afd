import type { Bokmal, nb } from './locales/nb.ts';

type DeepStrings<T> = { readonly [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language file must have: the keys of nb (all of them: `Bokmal`), with any string as value. */
export type Translation = DeepStrings<Bokmal>;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every translation key, in dot notation ("errors.TIMEOUT"). */
export type TranslationKey = Leaves<Bokmal>;

export type ErrorKey = keyof typeof nb.errors;
