// A number a client may write as text (CSV cells and form fields arrive as text). A module of
// its own, with zod only, so the settings schema and the player schema can share it without
// importing each other.
import { z } from 'zod';

/** A number, or a number written as text. */
export const numberOrText = z.union([z.number(), z.string().regex(/^\s*-?(\d+\.?\d*|\.\d+)\s*$/).transform(Number)]);
