import type { Locale } from '@amora/shared/constants';
import { z } from 'zod';
import { type ActionMailTexts, renderActionMail } from '../mail-layout.js';
import { defineMailTemplate } from '../mail-template.js';

interface DigestTexts extends ActionMailTexts {
  unsubscribeText: string;
  unsubscribe: string;
}

// {name}, {likes} and {messages} are filled in; the counts stand alone, so no plural forms.
const DIGEST: Record<Locale, DigestTexts> = {
  en: {
    subject: 'News for you on {site}',
    greeting: 'Hi {name},',
    intro: 'While you were away: new likes: {likes} · new messages: {messages}.',
    button: 'See who it is',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore: 'We send this summary at most once a day, only when there is news for you.',
    unsubscribeText: 'No more of these summaries?',
    unsubscribe: 'Unsubscribe',
  },
  nl: {
    subject: 'Nieuws voor je op {site}',
    greeting: 'Hoi {name},',
    intro: 'Terwijl je weg was: nieuwe likes: {likes} · nieuwe berichten: {messages}.',
    button: 'Bekijk wie het is',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    ignore: 'We sturen dit overzicht hooguit één keer per dag, alleen als er nieuws voor je is.',
    unsubscribeText: 'Liever geen overzichten meer?',
    unsubscribe: 'Afmelden',
  },
  de: {
    subject: 'Neuigkeiten für dich bei {site}',
    greeting: 'Hallo {name},',
    intro: 'Während du weg warst: neue Likes: {likes} · neue Nachrichten: {messages}.',
    button: 'Ansehen, wer es ist',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    ignore:
      'Wir schicken diese Übersicht höchstens einmal am Tag und nur, wenn es Neues für dich gibt.',
    unsubscribeText: 'Keine Übersichten mehr?',
    unsubscribe: 'Abmelden',
  },
  it: {
    subject: 'Novità per te su {site}',
    greeting: 'Ciao {name},',
    intro: 'Mentre eri via: nuovi mi piace: {likes} · nuovi messaggi: {messages}.',
    button: 'Scopri chi è',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    ignore: 'Inviamo questo riepilogo al massimo una volta al giorno, solo se ci sono novità.',
    unsubscribeText: 'Non vuoi più ricevere questi riepiloghi?',
    unsubscribe: 'Annulla l’iscrizione',
  },
  fr: {
    subject: 'Du nouveau pour vous sur {site}',
    greeting: 'Bonjour {name},',
    intro:
      'Pendant votre absence\u00a0: nouveaux j’aime\u00a0: {likes} · nouveaux messages\u00a0: {messages}.',
    button: 'Voir qui c’est',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    ignore:
      'Nous envoyons ce résumé au plus une fois par jour, seulement quand il y a du nouveau pour vous.',
    unsubscribeText: 'Vous ne souhaitez plus recevoir ces résumés\u00a0?',
    unsubscribe: 'Se désabonner',
  },
  es: {
    subject: 'Novedades para ti en {site}',
    greeting: 'Hola, {name}:',
    intro: 'Mientras no estabas: nuevos me gusta: {likes} · nuevos mensajes: {messages}.',
    button: 'Ver quién es',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    ignore: 'Enviamos este resumen como mucho una vez al día, solo cuando hay novedades para ti.',
    unsubscribeText: '¿No quieres recibir más resúmenes?',
    unsubscribe: 'Darse de baja',
  },
  pl: {
    subject: 'Nowości dla Ciebie w serwisie {site}',
    greeting: 'Cześć {name}!',
    intro: 'Podczas Twojej nieobecności: nowe polubienia: {likes} · nowe wiadomości: {messages}.',
    button: 'Zobacz, kto to',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    ignore: 'Wysyłamy to podsumowanie najwyżej raz dziennie i tylko wtedy, gdy są nowości.',
    unsubscribeText: 'Nie chcesz więcej podsumowań?',
    unsubscribe: 'Wypisz się',
  },
};

/** The daily summary for members who have neither push nor the app open. */
export const digestMail = defineMailTemplate({
  name: 'digest',
  data: z.object({
    name: z.string(),
    likes: z.number().int().min(0),
    messages: z.number().int().min(0),
    /** Path and query of the unsubscribe link (signed, works without login). */
    unsubscribePath: z.string().startsWith('/'),
  }),
  secretKeys: ['unsubscribePath'],
  render: (locale, data, context) => {
    const t = DIGEST[locale];
    return renderActionMail(
      locale,
      t,
      { name: data.name, likes: String(data.likes), messages: String(data.messages) },
      { path: '/notifications' },
      context,
      { footer: { text: t.unsubscribeText, label: t.unsubscribe, path: data.unsubscribePath } },
    );
  },
});
