import { api } from '@/lib/api-client';

/** POST /api/user.php?push=1: attaches this browser's push subscription to the account. */
export async function attachPushSubscription(subscription: PushSubscription): Promise<void> {
  try {
    await api.post('/api/user.php?push=1', { subscription: subscription.toJSON() });
  } catch (error) {
    // Spec section 8: a failed attach is only logged.
    console.warn('Attaching the push subscription failed', error);
  }
}
