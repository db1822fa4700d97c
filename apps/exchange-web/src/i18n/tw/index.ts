import type { Messages } from '../cn';
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

export const tw: Messages = { ...common, assets, wallet, content, security, fiat, presale, lockup, trade, chat, futures };
