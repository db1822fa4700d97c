import { paths } from '../../../paths';

/** Each capital center page and the right it needs; the server checks the same right on every call. */
export const CAPITAL_PAGES = [
  { key: 'info', path: paths.capitalInfo, right: 'capital.view' },
  { key: 'infoIcbc', path: paths.capitalInfoIcbc, right: 'capital.view' },
  { key: 'deposit', path: paths.capitalDeposit, right: 'capital.deposit' },
  { key: 'withdraw', path: paths.capitalWithdraw, right: 'capital.withdraw' },
  { key: 'sign', path: paths.capitalSign, right: 'capital.sign' },
  { key: 'signList', path: paths.capitalSignList, right: 'capital.view' },
  { key: 'signListIcbc', path: paths.capitalSignListIcbc, right: 'capital.view' },
  { key: 'unsign', path: paths.capitalUnsign, right: 'capital.sign' },
  { key: 'bankList', path: paths.capitalBankList, right: 'capital.view' },
  { key: 'setPwd', path: paths.capitalSetPwd, right: 'capital.password' },
  { key: 'modifyPwd', path: paths.capitalModifyPwd, right: 'capital.password' },
  { key: 'forgetPwd', path: paths.capitalForgetPwd, right: 'capital.password' },
] as const;

/** The entries the user's rights allow, in menu order. */
export function capitalMenu(hasRight: (code: string) => boolean) {
  return CAPITAL_PAGES.filter((page) => hasRight(page.right));
}
