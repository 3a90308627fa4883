// The payment provider interface. The server only ever keeps what a provider answers (brand,
// last4, a reference); a card number goes to the provider and nowhere else (never stored,
// never logged). The local provider is the default; a Stripe provider can sit behind the same
// interface later (its `saveCard` would take a Stripe token instead of a number).
import type { CardInput } from '@stacksmith/domain';

export interface SavedCard {
  brand: string;
  last4: string;
  /** The provider's reference for later charges; never the number. */
  reference: string;
}

export type ChargeResult = { ok: true; reference: string } | { ok: false; error: string };

export interface PaymentProvider {
  readonly name: string;
  /** Validates and keeps a card at the provider; throws PaymentError with a user-facing message when refused. */
  saveCard(card: CardInput, now?: Date): Promise<SavedCard>;
  /** Charges a saved card (a period start or a renewal). */
  charge(card: SavedCard, amount: number, description: string): Promise<ChargeResult>;
}

export class PaymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentError';
  }
}
