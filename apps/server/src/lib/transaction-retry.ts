/** PostgreSQL's deadlock_detected and serialization_failure: the transaction may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * Runs `transaction` again when PostgreSQL aborted it for a deadlock or a serialization
 * failure (two members' first messages to each other at the same moment lock the same
 * conversation row in opposite orders): the rolled-back work is whole to repeat, and the
 * caller would otherwise answer 500 for a send that only collided. Other errors, and the
 * third collision in a row, are the caller's.
 */
export async function retryOnConflict<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      // A short, random pause so the two colliding transactions do not meet again.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
