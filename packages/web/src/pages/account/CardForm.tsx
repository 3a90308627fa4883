// The card fields (number, expiry, CVC) checked as typed with the domain's rules (Luhn, expiry);
// the number goes to the server's payment provider only and is never kept in the page's state
// beyond the form.
import { useState } from 'react';
import { Form, Input } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { CARD_EXPIRY_INVALID, CARD_NUMBER_INVALID, cardBrand, expiryProblem, luhnValid, type CardInput } from '@stacksmith/domain';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** "MM/YY" or "MM / YYYY" as month and year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  return match ? { month: Number(match[1]), year: Number(match[2]) } : null;
}

export function toCardInput(fields: CardFields): CardInput {
  const expiry = parseExpiry(fields.expiry) ?? { month: 0, year: 0 };
  return { number: fields.number.replace(/\s+/g, ''), expMonth: expiry.month, expYear: expiry.year, ...(fields.cvc ? { cvc: fields.cvc } : {}) };
}

/** Groups the digits by four as typed. */
const formatNumber = (value: string) => value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

export function CardFormItems({ prefix = 'card' }: { prefix?: string }) {
  const [brand, setBrand] = useState<string | null>(null);
  return (
    <>
      <Form.Item
        label="Card number"
        name={[prefix, 'number']}
        normalize={formatNumber}
        validateTrigger="onBlur"
        rules={[{ required: true, message: CARD_NUMBER_INVALID }, { validator: (_r, v: string) => (!v || luhnValid(v) ? Promise.resolve() : Promise.reject(new Error(CARD_NUMBER_INVALID))) }]}
      >
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          prefix={<CreditCardOutlined />}
          suffix={brand && brand !== 'Unknown' ? <span className="ss-card-brand">{brand}</span> : null}
          onChange={(e) => setBrand(e.target.value.replace(/\D/g, '').length >= 2 ? cardBrand(e.target.value) : null)}
        />
      </Form.Item>
      <div className="ss-form-row">
        <Form.Item
          label="Expiry"
          name={[prefix, 'expiry']}
          validateTrigger="onBlur"
          rules={[{
            validator: (_r, v: string) => {
              const parsed = v ? parseExpiry(v) : null;
              const problem = parsed ? expiryProblem(parsed.month, parsed.year) : CARD_EXPIRY_INVALID;
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          }]}
        >
          <Input autoComplete="cc-exp" placeholder="MM / YY" />
        </Form.Item>
        <Form.Item label="CVC" name={[prefix, 'cvc']} rules={[{ pattern: /^\d{3,4}$/, message: 'Enter the 3 or 4 digits on the card' }]}>
          <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} />
        </Form.Item>
      </div>
    </>
  );
}
