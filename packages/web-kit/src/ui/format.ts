/** A mobile number with its middle four digits hidden (13800000001 → 138****0001). */
export function maskMobile(tel: string): string {
  return /^\d{11}$/.test(tel) ? `${tel.slice(0, 3)}****${tel.slice(7)}` : tel;
}
