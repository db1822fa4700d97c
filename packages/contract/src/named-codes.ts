/**
 * A list of wire codes that also names each code, so code reads `PickStatus.confirmed` while the
 * list still feeds `z.enum` and option lists: `PickStatus.map(...)` yields the codes only.
 * Every status list with names is declared this way.
 */
export const namedCodes = <const L extends readonly string[], const N extends Record<string, L[number]>>(codes: L, names: N): L & N => Object.assign(codes, names);
