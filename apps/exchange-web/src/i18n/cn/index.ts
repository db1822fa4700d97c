import assets from './assets.json';
import common from './common.json';
import content from './content.json';
import presale from './presale.json';
import lockup from './lockup.json';
import fiat from './fiat.json';
import security from './security.json';
import trade from './trade.json';
import wallet from './wallet.json';
import chat from './chat.json';
import futures from './futures.json';

// common.json holds the shell's and the smaller pages' texts; a larger area has a file of its own.
export const cn = { ...common, assets, wallet, content, security, fiat, presale, lockup, trade, chat, futures };

/** Every text key; the other languages and every `t` call are checked against the Chinese texts. */
export type Messages = typeof cn;
