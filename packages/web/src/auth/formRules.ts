// Form rules the password forms share (signup, reset, account).
import type { FormRule } from 'antd';

/** A repeat field: empty is left to its required rule; otherwise it must equal `field`. */
export function mustMatch(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value) => (!value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error(message))),
  });
}
