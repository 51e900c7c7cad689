import type { Locale } from '@amora/shared/constants';
import { fill } from '../../lib/locale-text.js';

interface PushTexts {
  likeTitle: string;
  likeBody: string;
  messageTitle: string;
  /** When the message text is not shown (too long to preview is cut, never hidden). */
  messagesBody: string;
  /** In place of the text of a message its sender unsent (issue 49). */
  messageRemoved: string;
}

// {name} is the liker or sender, {count} the messages gathered.
const TEXTS: Record<Locale, PushTexts> = {
  en: {
    likeTitle: '{name} likes you',
    likeBody: 'Have a look at their profile and like them back.',
    messageTitle: 'New message from {name}',
    messagesBody: '{count} new messages',
    messageRemoved: 'Message removed',
  },
  nl: {
    likeTitle: '{name} vindt je leuk',
    likeBody: 'Bekijk het profiel en vind hem of haar ook leuk.',
    messageTitle: 'Nieuw bericht van {name}',
    messagesBody: '{count} nieuwe berichten',
    messageRemoved: 'Bericht verwijderd',
  },
  de: {
    likeTitle: '{name} mag dich',
    likeBody: 'Sieh dir das Profil an und like zurück.',
    messageTitle: 'Neue Nachricht von {name}',
    messagesBody: '{count} neue Nachrichten',
    messageRemoved: 'Nachricht entfernt',
  },
  it: {
    likeTitle: 'Piaci a {name}',
    likeBody: 'Guarda il profilo e ricambia il mi piace.',
    messageTitle: 'Nuovo messaggio da {name}',
    messagesBody: '{count} nuovi messaggi',
    messageRemoved: 'Messaggio rimosso',
  },
  fr: {
    likeTitle: '{name} vous aime bien',
    likeBody: 'Regardez son profil et aimez-le en retour.',
    messageTitle: 'Nouveau message de {name}',
    messagesBody: '{count}\u00a0nouveaux messages',
    messageRemoved: 'Message supprimé',
  },
  es: {
    likeTitle: 'Le gustas a {name}',
    likeBody: 'Mira su perfil y devuélvele el me gusta.',
    messageTitle: 'Nuevo mensaje de {name}',
    messagesBody: '{count} mensajes nuevos',
    messageRemoved: 'Mensaje eliminado',
  },
  pl: {
    likeTitle: '{name} Cię lubi',
    likeBody: 'Zobacz profil i odwzajemnij polubienie.',
    messageTitle: 'Nowa wiadomość od {name}',
    messagesBody: 'Nowe wiadomości: {count}',
    messageRemoved: 'Wiadomość usunięta',
  },
};

/** A preview of a message on a lock screen: the first line, at most this long. */
const PREVIEW_LENGTH = 120;

export function likePushText(locale: Locale, name: string) {
  const t = TEXTS[locale];
  return { title: fill(t.likeTitle, { name }), body: t.likeBody };
}

/** `removed`: the sender unsent the message, its text is not shown (issue 49). */
export function messagePushText(
  locale: Locale,
  name: string,
  preview: string,
  count: number,
  removed = false,
) {
  const t = TEXTS[locale];
  const firstLine = preview.split('\n')[0] ?? '';
  const body =
    count > 1
      ? fill(t.messagesBody, { count: String(count) })
      : removed
        ? t.messageRemoved
        : firstLine.length > PREVIEW_LENGTH
          ? `${firstLine.slice(0, PREVIEW_LENGTH - 1)}…`
          : firstLine;
  return { title: fill(t.messageTitle, { name }), body };
}
