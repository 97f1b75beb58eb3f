import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, luhnValid, validateCard } from '../src/features/billing/card-form';

const NOW = new Date('2026-05-20T12:00:00Z');

describe('the billing card form', () => {
  it('groups card digits by four and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a')).toBe('4242 4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });
  it('formats the expiry as MM/YY while typing, and lets backspace through the slash', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('12/2')).toBe('12/2');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12', '12/')).toBe('1');
  });
  it('checks the Luhn sum', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
  });
  it('names what is wrong, field by field', () => {
    expect(
      validateCard({ name: 'Ada', number: '4242 4242 4242 4242', expiry: '12/28', cvc: '123' }, NOW),
    ).toEqual({});
    expect(validateCard({ name: ' ', number: '', expiry: '13/28', cvc: '12' }, NOW)).toEqual({
      name: 'Name on card is required',
      number: 'Card number is required',
      expiry: 'Expiry month must be 01 to 12',
      cvc: 'CVC is 3 or 4 digits',
    });
    expect(
      validateCard({ name: 'Ada', number: '4242 4242 4242 4242', expiry: '04/26', cvc: '1234' }, NOW),
    ).toEqual({ expiry: 'This card has expired' });
    expect(
      validateCard({ name: 'Ada', number: '4242 4242 4242 4242', expiry: '05/26', cvc: '1234' }, NOW),
    ).toEqual({});
  });
});
