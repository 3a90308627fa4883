import { describe, expect, it } from 'vitest';
import { CARD_EXPIRED, CARD_EXPIRY_INVALID, CARD_NUMBER_INVALID, cardBrand, cardProblem, expiryProblem, featureNotInPlan, luhnValid } from './billing.js';

describe('cards', () => {
  it('accepts numbers that pass the Luhn check and refuses the rest', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('5555-5555-5555-4444')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
    expect(luhnValid('4242abcd42424242')).toBe(false);
  });

  it('names the brand from the issuer prefix', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('2223003122003222')).toBe('Mastercard');
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('6011111111111117')).toBe('Discover');
    expect(cardBrand('9999999999999995')).toBe('Unknown');
  });

  it('keeps a card valid through the last day of its expiry month', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(expiryProblem(11, 2026, now)).toBeNull();
    expect(expiryProblem(10, 2026, now)).toBe(CARD_EXPIRED);
    expect(expiryProblem(1, 27, now)).toBeNull();
    expect(expiryProblem(13, 2027, now)).toBe(CARD_EXPIRY_INVALID);
    expect(expiryProblem(1, 2099, now)).toBe(CARD_EXPIRY_INVALID);
  });

  it('reports the first problem of a typed card', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(cardProblem({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }, now)).toBeNull();
    expect(cardProblem({ number: '4242424242424241', expMonth: 12, expYear: 2030 }, now)).toBe(CARD_NUMBER_INVALID);
    expect(cardProblem({ number: '4242424242424242', expMonth: 1, expYear: 2020 }, now)).toBe(CARD_EXPIRED);
  });

  it('says which feature a refused call needs', () => {
    expect(featureNotInPlan('analytics.nfl.pre_build')).toBe('Your plan does not include pre-build analysis. Upgrade for this feature.');
  });
});
