// A file the builder uploads as JSON text (salary, projection and entries files): its name and
// its text, bounded.
import { z } from 'zod';

/** The largest projection or entries file a builder may upload (characters): the largest real ones are far below. */
export const MAX_BUILDER_FILE_CHARS = 2_000_000;

export function uploadedFile(maxChars: number) {
  return {
    fileName: z.string().trim().min(1).max(200),
    csv: z.string().min(1, 'the file is empty').max(maxChars, `the file is over ${maxChars / 1_000_000} MB`),
  };
}
