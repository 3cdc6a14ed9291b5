/** Identifier sources, injectable so tests get predictable ids. */
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

export interface IdSource {
  /**
   * A new UUID. The app's are version 7 (time-ordered, 74 random bits): traces and instructions
   * are primary keys, and ordered keys append to their indexes instead of dirtying a random page
   * of each per insert, which more than doubles create throughput on SQLite.
   */
  uuid(): string;
  token(bytes?: number): string;
}

export const randomIds: IdSource = {
  uuid: () => uuidv7(),
  token: (bytes = 32) => randomBytes(bytes).toString('hex'),
};

/** Predictable UUID-shaped ids: 00000000-0000-4000-8000-000000000001, ... */
export function sequentialIds(prefix = 0): IdSource {
  let n = 0;
  return {
    uuid: () => {
      n += 1;
      const tail = (prefix * 1_000_000 + n).toString(16).padStart(12, '0');
      return `00000000-0000-4000-8000-${tail}`;
    },
    token: () => {
      n += 1;
      return n.toString(16).padStart(64, '0');
    },
  };
}
