/** Every text of a message tree by its dotted key. */
export function flattenMessages(messages: object, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') result.set(prefix + key, value);
    else for (const [k, v] of flattenMessages(value as object, `${prefix}${key}.`)) result.set(k, v);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

export interface TranslationGaps {
  /** Keys of the reference the translation lacks. */
  missing: string[];
  /** Keys the translation has and the reference does not. */
  extra: string[];
  /** Keys translated to blank text. */
  empty: string[];
  /** Keys whose `{{placeholders}}` differ from the reference's. */
  placeholders: string[];
}

/** What a translation lacks against the reference language; all lists empty means complete. */
export function translationGaps(reference: object, translation: object): TranslationGaps {
  const ref = flattenMessages(reference);
  const other = flattenMessages(translation);
  const gaps: TranslationGaps = { missing: [], extra: [], empty: [], placeholders: [] };
  for (const [key, text] of ref) {
    const translated = other.get(key);
    if (translated === undefined) gaps.missing.push(key);
    else if (!translated.trim()) gaps.empty.push(key);
    else if (placeholders(translated).join() !== placeholders(text).join()) gaps.placeholders.push(key);
  }
  for (const key of other.keys()) if (!ref.has(key)) gaps.extra.push(key);
  return gaps;
}

export const NO_GAPS: TranslationGaps = { missing: [], extra: [], empty: [], placeholders: [] };
