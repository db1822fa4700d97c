/** What is wrong with a resident ID number as typed, by the server's rules (GB 11643); null when it would be accepted. */
export type IdNumberProblem = 'format' | 'checkDigit' | 'birthDate';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

export function idNumberProblem(value: string, today: Date): IdNumberProblem | null {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day || birth.getTime() > today.getTime()) return 'birthDate';
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(id[i]), 0);
  return CHECK[sum % 11] === id[17] ? null : 'checkDigit';
}
