import type { SendMessageResponse } from '@amora/shared/schemas/messages';
import { api } from '@/lib/api-client';

/**
 * POST /api/messages.php with the message's `client_id`. The server answers a repeat of the
 * key with the message it stored the first time, so the outbox (utils/message-outbox) sends
 * again after any lost answer without ever sending, or charging, twice (decision 058).
 */
export const sendMessage = (conversation: number, text: string, clientId: string) =>
  api.post<SendMessageResponse>('/api/messages.php', { conversation, text, client_id: clientId });
