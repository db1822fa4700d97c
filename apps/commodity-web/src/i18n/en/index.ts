import type { Messages } from '../cn';
import { mergeTexts, tradeEn } from '@tp/web-kit';
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

export const en: Messages = mergeTexts(tradeEn, { ...common, integral, enterprise, warehouse, listing, supply, product, contract, realName, auction, quotation, pledge, chat, download, aftersale });
