import type { Locale } from '@amora/shared/constants';
import type { ActionMailTexts } from '../mail-layout.js';
import { defineLinkMail } from '../mail-template.js';

// {site}, {name} and {hours} are filled in; French keeps its no-break space before ! ? :.
// Polish says "godz." so that any number of hours reads right.
const PASSWORD_RESET: Record<Locale, ActionMailTexts> = {
  en: {
    subject: 'Reset your {site} password',
    greeting: 'Hi {name},',
    intro:
      'Someone (hopefully you) asked to reset the password of your {site} account. Use the button to choose a new one.',
    button: 'Choose a new password',
    fallback: 'If the button does not work, copy this link into your browser:',
    expiry:
      'The link is valid for {hours} hours and can be used once. Asking for another link makes this one stop working.',
    ignore:
      'Did you not ask for this? Then you can safely ignore this e-mail; your password stays as it is.',
  },
  nl: {
    subject: 'Stel een nieuw wachtwoord in voor {site}',
    greeting: 'Hoi {name},',
    intro:
      'Iemand (hopelijk jij) heeft gevraagd om het wachtwoord van je account bij {site} opnieuw in te stellen. Kies met de knop een nieuw wachtwoord.',
    button: 'Nieuw wachtwoord kiezen',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    expiry:
      'De link is {hours} uur geldig en kan één keer worden gebruikt. Vraag je een nieuwe link aan, dan werkt deze niet meer.',
    ignore:
      'Heb je dit niet aangevraagd? Dan kun je deze e-mail gewoon negeren; je wachtwoord blijft hetzelfde.',
  },
  de: {
    subject: 'Setze dein Passwort bei {site} zurück',
    greeting: 'Hallo {name},',
    intro:
      'jemand (hoffentlich du) möchte das Passwort deines Kontos bei {site} zurücksetzen. Über den Button kannst du ein neues Passwort wählen.',
    button: 'Neues Passwort wählen',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    expiry:
      'Der Link ist {hours} Stunden lang gültig und kann einmal verwendet werden. Forderst du einen neuen Link an, funktioniert dieser nicht mehr.',
    ignore:
      'Du hast das nicht angefordert? Dann kannst du diese E-Mail einfach ignorieren; dein Passwort bleibt unverändert.',
  },
  it: {
    subject: 'Reimposta la tua password di {site}',
    greeting: 'Ciao {name},',
    intro:
      'qualcuno (speriamo tu) ha chiesto di reimpostare la password del tuo account su {site}. Usa il pulsante per sceglierne una nuova.',
    button: 'Scegli una nuova password',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    expiry:
      'Il link è valido per {hours} ore e si può usare una sola volta. Se chiedi un nuovo link, questo smette di funzionare.',
    ignore: 'Non l’hai chiesto tu? Puoi ignorare questa e-mail: la tua password resta invariata.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe {site}',
    greeting: 'Bonjour {name},',
    intro:
      'Quelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte {site}. Utilisez le bouton pour en choisir un nouveau.',
    button: 'Choisir un nouveau mot de passe',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    expiry:
      'Ce lien est valable {hours}\u00a0heures et ne peut servir qu’une seule fois. Si vous demandez un nouveau lien, celui-ci ne fonctionnera plus.',
    ignore:
      'Vous n’avez rien demandé\u00a0? Ignorez simplement cet e-mail\u00a0: votre mot de passe reste inchangé.',
  },
  es: {
    subject: 'Restablece tu contraseña de {site}',
    greeting: 'Hola, {name}:',
    intro:
      'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de {site}. Usa el botón para elegir una nueva.',
    button: 'Elegir una contraseña nueva',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    expiry:
      'El enlace es válido durante {hours} horas y solo se puede usar una vez. Si pides un enlace nuevo, este dejará de funcionar.',
    ignore: '¿No lo has pedido tú? Puedes ignorar este correo; tu contraseña no cambiará.',
  },
  pl: {
    subject: 'Zresetuj hasło w serwisie {site}',
    greeting: 'Cześć {name}!',
    intro:
      'Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta w serwisie {site}. Kliknij przycisk, aby ustawić nowe hasło.',
    button: 'Ustaw nowe hasło',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    expiry:
      'Link jest ważny przez {hours} godz. i można go użyć tylko raz. Jeśli poprosisz o nowy link, ten przestanie działać.',
    ignore:
      'Jeśli to nie Ty prosisz o zmianę hasła, po prostu zignoruj tę wiadomość – Twoje hasło pozostanie bez zmian.',
  },
};

/** The mail with a single-use link to choose a new password, asked for by typing the address. */
export const passwordResetMail = defineLinkMail('password_reset', PASSWORD_RESET, {
  toTypedAddress: true,
});
