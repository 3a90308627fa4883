import { CARD_EXPIRED, CARD_NUMBER_INVALID } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { LocalPaymentProvider } from './local.js';

describe('the local payment provider', () => {
  const provider = new LocalPaymentProvider();
  const now = new Date('2026-11-23T00:00:00Z');

  it('answers brand, last4 and a reference, and nothing of the number beyond the last four digits', async () => {
    const saved = await provider.saveCard({ number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' }, now);
    expect(saved.brand).toBe('Visa');
    expect(saved.last4).toBe('4242');
    expect(JSON.stringify(saved)).not.toContain('424242424242');
  });

  it('refuses a number failing the Luhn check and an expired card', async () => {
    await expect(provider.saveCard({ number: '4242424242424241', expMonth: 12, expYear: 2030 }, now)).rejects.toThrow(CARD_NUMBER_INVALID);
    await expect(provider.saveCard({ number: '4242424242424242', expMonth: 10, expYear: 2026 }, now)).rejects.toThrow(CARD_EXPIRED);
  });
});
