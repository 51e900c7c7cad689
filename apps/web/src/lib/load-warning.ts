/**
 * Reference data the app can do without for a while (spec section 8): a failure is logged as
 * a warning and the app carries on; the caller still sees the error.
 */
export async function warnOnFailure<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.warn(`${what} failed to load`, error);
    throw error;
  }
}
