import { mergeTexts, tradeCn } from '@tp/web-kit';
import auction from './auction.json';
import common from './common.json';
import certification from './certification.json';
import content from './content.json';
import otc from './otc.json';
import contract from './contract.json';
import listing from './listing.json';
import presale from './presale.json';
import pledge from './pledge.json';
import product from './product.json';
import mall from './mall.json';
import staff from './staff.json';
import supply from './supply.json';
import wallet from './wallet.json';
import warehouse from './warehouse.json';
import chat from './chat.json';
import download from './download.json';
import aftersale from './aftersale.json';
import integral from './integral.json';
import mobilepay from './mobilepay.json';
import futures from './futures.json';

// common.json holds the shell's and the smaller pages' texts, a larger area has a file of its own, and
// the contract and listing texts worded alike on both trading sites come from web-kit.
export const cn = mergeTexts(tradeCn, { ...common, integral, certification, warehouse, supply, product, listing, contract, staff, content, otc, wallet, presale, auction, pledge, chat, download, aftersale, mobilepay, mall, futures });

/** Every text key; the other languages and every `t` call are checked against the Chinese texts. */
export type Messages = typeof cn;
