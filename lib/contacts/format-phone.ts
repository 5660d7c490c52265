/**
 * A stored number (digits) as people read it: Brazilian numbers as "+55 (31) 99999-0000", others
 * as "+" and the digits. Groups' ids are shown as they are.
 */
export function formatPhone(number: string, isGroup = false): string {
  if (isGroup || !/^\d+$/.test(number)) return number;
  const br = /^55(\d{2})(9?\d{4})(\d{4})$/.exec(number);
  if (br) return `+55 (${br[1]}) ${br[2]}-${br[3]}`;
  return `+${number}`;
}
