import { api } from '@/lib/api-client';

/** Ends the session; true when the server answered `done`. */
export async function logout(): Promise<boolean> {
  return (await api.text('/api/logout.php')).trim() === 'done';
}
