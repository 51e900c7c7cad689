import type { Locale } from '@amora/shared/constants';
import { z } from 'zod';
import { type ActionMailTexts, renderActionMail } from '../mail-layout.js';
import { defineMailTemplate } from '../mail-template.js';

// {site}, {name}, {email} (the new address) and {hours} are filled in; French keeps its
// no-break space before ! ? :.
const EMAIL_CHANGE_CONFIRM: Record<Locale, ActionMailTexts> = {
  en: {
    subject: 'Confirm your new e-mail address for {site}',
    greeting: 'Hi {name},',
    intro:
      'You asked to use {email} as the e-mail address of your {site} account. Please confirm that this address is yours.',
    button: 'Confirm my new address',
    fallback: 'If the button does not work, copy this link into your browser:',
    expiry:
      'The link is valid for {hours} hours and can be used once. Until you confirm, your account keeps its current address.',
    ignore:
      'Did you not ask for this? Then you can safely ignore this e-mail; nothing will change.',
  },
  nl: {
    subject: 'Bevestig je nieuwe e-mailadres bij {site}',
    greeting: 'Hoi {name},',
    intro:
      'Je wilt {email} gebruiken als e-mailadres van je account bij {site}. Bevestig dat dit adres van jou is.',
    button: 'Nieuw adres bevestigen',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    expiry:
      'De link is {hours} uur geldig en kan één keer worden gebruikt. Tot je bevestigt, houdt je account het huidige adres.',
    ignore:
      'Heb je hier niet om gevraagd? Dan kun je deze e-mail gewoon negeren; er verandert niets.',
  },
  de: {
    subject: 'Bestätige deine neue E-Mail-Adresse bei {site}',
    greeting: 'Hallo {name},',
    intro:
      'du möchtest {email} als E-Mail-Adresse für dein Konto bei {site} verwenden. Bitte bestätige, dass diese Adresse dir gehört.',
    button: 'Neue Adresse bestätigen',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    expiry:
      'Der Link ist {hours} Stunden lang gültig und kann einmal verwendet werden. Bis zur Bestätigung behält dein Konto die bisherige Adresse.',
    ignore:
      'Du hast das nicht angefordert? Dann kannst du diese E-Mail einfach ignorieren; es ändert sich nichts.',
  },
  it: {
    subject: 'Conferma il tuo nuovo indirizzo e-mail su {site}',
    greeting: 'Ciao {name},',
    intro:
      'hai chiesto di usare {email} come indirizzo e-mail del tuo account su {site}. Conferma che questo indirizzo è tuo.',
    button: 'Conferma il nuovo indirizzo',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    expiry:
      'Il link è valido per {hours} ore e si può usare una sola volta. Finché non confermi, il tuo account mantiene l’indirizzo attuale.',
    ignore: 'Non hai chiesto tu questa modifica? Puoi ignorare questa e-mail: non cambierà nulla.',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail sur {site}',
    greeting: 'Bonjour {name},',
    intro:
      'Vous avez demandé à utiliser {email} comme adresse e-mail de votre compte {site}. Veuillez confirmer que cette adresse est bien la vôtre.',
    button: 'Confirmer ma nouvelle adresse',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    expiry:
      'Ce lien est valable {hours}\u00a0heures et ne peut servir qu’une seule fois. Tant que vous n’avez pas confirmé, votre compte garde son adresse actuelle.',
    ignore:
      'Vous n’avez rien demandé\u00a0? Ignorez simplement cet e-mail\u00a0: rien ne changera.',
  },
  es: {
    subject: 'Confirma tu nueva dirección de correo en {site}',
    greeting: 'Hola, {name}:',
    intro:
      'Has pedido usar {email} como dirección de correo electrónico de tu cuenta de {site}. Confirma que esta dirección es tuya.',
    button: 'Confirmar mi nueva dirección',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    expiry:
      'El enlace es válido durante {hours} horas y solo se puede usar una vez. Hasta que lo confirmes, tu cuenta conserva la dirección actual.',
    ignore: '¿No lo has pedido tú? Puedes ignorar este correo; no cambiará nada.',
  },
  pl: {
    subject: 'Potwierdź nowy adres e-mail w serwisie {site}',
    greeting: 'Cześć {name}!',
    intro:
      'Otrzymaliśmy prośbę o ustawienie adresu {email} jako adresu e-mail Twojego konta w serwisie {site}. Potwierdź, że ten adres należy do Ciebie.',
    button: 'Potwierdź nowy adres',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    expiry:
      'Link jest ważny przez {hours} godz. i można go użyć tylko raz. Do czasu potwierdzenia Twoje konto zachowuje dotychczasowy adres.',
    ignore: 'Jeśli to nie Twoja prośba, po prostu zignoruj tę wiadomość – nic się nie zmieni.',
  },
};

/** Sent to the new address of an e-mail change; its link makes the change. */
export const emailChangeConfirmMail = defineMailTemplate({
  name: 'email_change_confirm',
  data: z.object({
    name: z.string(),
    /** The address the member asked for (this mail goes there). */
    newEmail: z.string(),
    /** Path and query of the confirmation link (it carries the token). */
    linkPath: z.string().startsWith('/'),
    validHours: z.number().int().positive(),
  }),
  secretKeys: ['linkPath'],
  toTypedAddress: true,
  render: (locale, data, context) =>
    renderActionMail(
      locale,
      EMAIL_CHANGE_CONFIRM[locale],
      { name: data.name, email: data.newEmail, hours: String(data.validHours) },
      { path: data.linkPath },
      context,
    ),
});
