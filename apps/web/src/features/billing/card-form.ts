/** The card form's formatting and checks. Nothing typed here leaves the browser: payments are not connected. */

export interface CardValues {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardValues = { name: '', number: '', expiry: '', cvc: '' };

/** Digits in groups of four, 19 digits at most: "4242 4242 4242 4242". */
export function formatCardNumber(input: string): string {
  return input
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM/YY" as the user types: "1" → "1", "12" → "12/", "1228" → "12/28". */
export function formatExpiry(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, so backspace is not stuck.
  if (previous.endsWith('/') && input.length < previous.length) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2) return `${digits}/`;
  return digits;
}

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What is wrong with each field, keyed by field; empty when the card looks valid. */
export function validateCard(v: CardValues, now: Date): Partial<Record<keyof CardValues, string>> {
  const errors: Partial<Record<keyof CardValues, string>> = {};
  if (!v.name.trim()) errors.name = 'Name on card is required';
  if (!v.number.trim()) errors.number = 'Card number is required';
  else if (!luhnValid(v.number)) errors.number = 'This card number is not valid';
  const match = /^(\d{2})\/(\d{2})$/.exec(v.expiry);
  if (!match) errors.expiry = 'Expiry must be MM/YY';
  else {
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    if (month < 1 || month > 12) errors.expiry = 'Expiry month must be 01 to 12';
    else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      errors.expiry = 'This card has expired';
  }
  if (!/^\d{3,4}$/.test(v.cvc)) errors.cvc = 'CVC is 3 or 4 digits';
  return errors;
}
