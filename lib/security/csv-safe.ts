/**
 * A user-supplied string as a CSV cell that a spreadsheet shows as text: a cell starting with = + - @ or a
 * tab / carriage return would be run as a formula by Excel or LibreOffice (CSV injection), so it gets a leading
 * apostrophe (OWASP's advice). Used as csv-stringify's `cast.string`: numbers are left alone, so negative
 * values stay numbers.
 */
export function csvSafeString(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
