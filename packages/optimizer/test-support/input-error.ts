// The message of the InputError a call throws (tests of the readers).
import { expect } from 'vitest';
import { InputError } from '../src/types.js';

export function inputError(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('expected an InputError');
}
