import type { Locale } from '@amora/shared/constants';
import type { ActionMailTexts } from '../mail-layout.js';
import { defineLinkMail } from '../mail-template.js';

// {site}, {name} and {hours} are filled in; French keeps its no-break space before ! ? :.
const ACTIVATION: Record<Locale, ActionMailTexts> = {
  en: {
    subject: 'Activate your {site} account',
    greeting: 'Hi {name},',
    intro:
      'Thank you for joining {site}! Please confirm your e-mail address to activate your account.',
    button: 'Activate my account',
    fallback: 'If the button does not work, copy this link into your browser:',
    expiry: 'The link is valid for {hours} hours and can be used once.',
    ignore:
      'Did you not sign up for {site}? Then you can safely ignore this e-mail; no account will be activated.',
  },
  nl: {
    subject: 'Activeer je account bij {site}',
    greeting: 'Hoi {name},',
    intro:
      'Leuk dat je je hebt aangemeld bij {site}! Bevestig je e-mailadres om je account te activeren.',
    button: 'Account activeren',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    expiry: 'De link is {hours} uur geldig en kan één keer worden gebruikt.',
    ignore:
      'Heb je je niet aangemeld bij {site}? Dan kun je deze e-mail gewoon negeren; er wordt geen account geactiveerd.',
  },
  de: {
    subject: 'Aktiviere dein Konto bei {site}',
    greeting: 'Hallo {name},',
    intro:
      'schön, dass du dich bei {site} angemeldet hast! Bitte bestätige deine E-Mail-Adresse, um dein Konto zu aktivieren.',
    button: 'Konto aktivieren',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    expiry: 'Der Link ist {hours} Stunden lang gültig und kann einmal verwendet werden.',
    ignore:
      'Du hast dich nicht bei {site} angemeldet? Dann kannst du diese E-Mail einfach ignorieren; es wird kein Konto aktiviert.',
  },
  it: {
    subject: 'Attiva il tuo account su {site}',
    greeting: 'Ciao {name},',
    intro:
      'grazie per la tua iscrizione su {site}! Conferma il tuo indirizzo e-mail per attivare il tuo account.',
    button: 'Attiva il mio account',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    expiry: 'Il link è valido per {hours} ore e si può usare una sola volta.',
    ignore:
      'Non hai creato un account su {site}? Puoi ignorare questa e-mail: nessun account verrà attivato.',
  },
  fr: {
    subject: 'Activez votre compte {site}',
    greeting: 'Bonjour {name},',
    intro:
      'Merci de votre inscription sur {site}\u00a0! Veuillez confirmer votre adresse e-mail pour activer votre compte.',
    button: 'Activer mon compte',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    expiry: 'Ce lien est valable {hours}\u00a0heures et ne peut servir qu’une seule fois.',
    ignore:
      'Vous n’avez pas créé de compte sur {site}\u00a0? Ignorez simplement cet e-mail\u00a0: aucun compte ne sera activé.',
  },
  es: {
    subject: 'Activa tu cuenta de {site}',
    greeting: 'Hola, {name}:',
    intro:
      '¡Gracias por registrarte en {site}! Confirma tu dirección de correo electrónico para activar tu cuenta.',
    button: 'Activar mi cuenta',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    expiry: 'El enlace es válido durante {hours} horas y solo se puede usar una vez.',
    ignore:
      '¿No te has registrado en {site}? Puedes ignorar este correo; no se activará ninguna cuenta.',
  },
  pl: {
    subject: 'Aktywuj swoje konto w serwisie {site}',
    greeting: 'Cześć {name}!',
    intro:
      'Dziękujemy za rejestrację w serwisie {site}! Potwierdź swój adres e-mail, aby aktywować konto.',
    button: 'Aktywuj konto',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    expiry: 'Link jest ważny przez {hours} godzin i można go użyć tylko raz.',
    ignore:
      'Jeśli to nie Ty zakładasz konto w serwisie {site}, po prostu zignoruj tę wiadomość – żadne konto nie zostanie aktywowane.',
  },
};

/**
 * The mail that confirms a new member's address; its link activates the account. The
 * address was typed at signup (or corrected after it) and is not proven yet.
 */
export const activationMail = defineLinkMail('activation', ACTIVATION, { toTypedAddress: true });
