// Moroccan numbers: 05 (landline) and 06/07 (mobile) followed by 8 digits, written locally
// (0612345678), internationally (+212612345678 or 00212…) and often with spaces or dashes.
const SEPARATORS = /[\s.\-()]/g;
const FORMS = [/^0([5-7]\d{8})$/, /^\+212([5-7]\d{8})$/, /^00212([5-7]\d{8})$/, /^212([5-7]\d{8})$/];

/** The canonical +212 form of a Moroccan phone number, or null when it is not one. */
export function normalizeMoroccanPhone(input: string): string | null {
  const compact = input.replace(SEPARATORS, '');
  for (const form of FORMS) {
    const match = form.exec(compact);
    if (match) return `+212${match[1]}`;
  }
  return null;
}
