import type { Messages } from '../cn';
import { mergeTexts, tradeTw } from '@tp/web-kit';
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
import staff from './staff.json';
import supply from './supply.json';
import wallet from './wallet.json';
import warehouse from './warehouse.json';
import chat from './chat.json';

export const tw: Messages = mergeTexts(tradeTw, { ...common, certification, warehouse, supply, product, listing, contract, staff, content, otc, wallet, presale, auction, pledge, chat });
