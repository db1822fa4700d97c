import common from './common.json';

export const cn = common;

/** Every text key; the other languages and every `t` call are checked against the Chinese texts. */
export type Messages = typeof cn;
