// The local payment provider: honest about what it is. It checks a card (Luhn, expiry, CVC
// shape), answers its brand and last four digits, and records charges as always succeeding
// without moving money. Tests and the demo use it.
import { randomBytes } from 'node:crypto';
import { cardBrand, cardDigits, cardProblem, type CardInput } from '@stacksmith/domain';
import { PaymentError, type ChargeResult, type PaymentProvider, type SavedCard } from './provider.js';

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local';

  async saveCard(card: CardInput, now: Date = new Date()): Promise<SavedCard> {
    const problem = cardProblem(card, now);
    if (problem) throw new PaymentError(problem);
    const digits = cardDigits(card.number);
    return { brand: cardBrand(digits), last4: digits.slice(-4), reference: `local_card_${randomBytes(8).toString('hex')}` };
  }

  async charge(_card: SavedCard, _amount: number, _description: string): Promise<ChargeResult> {
    return { ok: true, reference: `local_charge_${randomBytes(8).toString('hex')}` };
  }
}
