import { mergeTexts, tradeCn } from '@tp/web-kit';
import auction from './auction.json';
import common from './common.json';
import contract from './contract.json';
import enterprise from './enterprise.json';
import listing from './listing.json';
import pledge from './pledge.json';
import product from './product.json';
import realName from './realName.json';
import supply from './supply.json';
import warehouse from './warehouse.json';
import quotation from './quotation.json';
import chat from './chat.json';
import download from './download.json';
import integral from './integral.json';
import aftersale from './aftersale.json';
import mall from './mall.json';
import mobilepay from './mobilepay.json';

// common.json holds the shell's and the smaller pages' texts, a larger area has a file of its own, and
// the contract and listing texts worded alike on both trading sites come from web-kit.
export const cn = mergeTexts(tradeCn, { ...common, integral, enterprise, warehouse, listing, supply, product, contract, realName, auction, quotation, pledge, chat, download, aftersale, mall, mobilepay });

/** Every text key; the other languages and every `t` call are checked against the Chinese texts. */
export type Messages = typeof cn;
