/** ISO 7064 MOD 11-2 weights and check characters of the mainland resident ID (GB 11643). */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** Whether an 18-character resident ID has a real birth date (not in the future) and the right check character. */
export function isValidIdNumber(idNumber: string, today: Date): boolean {
  if (!/^\d{17}[\dX]$/i.test(idNumber)) return false;
  const year = Number(idNumber.slice(6, 10));
  const month = Number(idNumber.slice(10, 12));
  const day = Number(idNumber.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day || birth.getTime() > today.getTime()) return false;
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(idNumber[i]), 0);
  return CHECK[sum % 11] === idNumber[17]?.toUpperCase();
}

/** 110101********1234: region and the last four characters stay, the birth date is hidden. */
export function maskIdNumber(idNumber: string): string {
  return `${idNumber.slice(0, 6)}********${idNumber.slice(-4).toUpperCase()}`;
}

/** 张* / 欧阳** : the family name's first character stays. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}
