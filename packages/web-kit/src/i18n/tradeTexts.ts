import type tradeCnTexts from './trade/cn.json';

/**
 * The contract and listing texts the commodity site and the back office word alike (field labels,
 * contract and listing states, default reasons), under the `contract` and `listing` keys.
 */
export type TradeMessages = typeof tradeCnTexts;

type Texts = Record<string, unknown>;

const isTree = (value: unknown): value is Texts => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `over` laid on `base` key by key, at every depth; where both have a text, `over`'s wins. */
export function mergeTexts<Base extends Texts, Over extends Texts>(base: Base, over: Over): Base & Over {
  const merged: Texts = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key];
    merged[key] = isTree(below) && isTree(value) ? mergeTexts(below, value) : value;
  }
  return merged as Base & Over;
}
