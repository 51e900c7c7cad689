import type { Locale } from '@amora/shared/constants';
import type { ActionMailTexts } from '../mail-layout.js';
import { defineNoticeMail } from '../mail-template.js';

/** Where the notice's button leads: asking for a reset link ends every session. */
const RESET_REQUEST_PATH = '/reset-password';

// {site} and {name} are filled in; French keeps its no-break space before ! ? :.
const PASSWORD_CHANGED: Record<Locale, ActionMailTexts> = {
  en: {
    subject: 'Your {site} password was changed',
    greeting: 'Hi {name},',
    intro: 'The password of your {site} account has just been changed.',
    button: 'Reset my password',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore:
      'Did you change it yourself? Then you can ignore this e-mail. If not, reset your password with the button above right away: that logs everyone else out.',
  },
  nl: {
    subject: 'Je wachtwoord bij {site} is gewijzigd',
    greeting: 'Hoi {name},',
    intro: 'Het wachtwoord van je account bij {site} is zojuist gewijzigd.',
    button: 'Wachtwoord opnieuw instellen',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    ignore:
      'Heb je het zelf gewijzigd? Dan kun je deze e-mail negeren. Zo niet, stel dan meteen een nieuw wachtwoord in met de knop hierboven: daarmee wordt iedereen anders uitgelogd.',
  },
  de: {
    subject: 'Dein Passwort bei {site} wurde geändert',
    greeting: 'Hallo {name},',
    intro: 'das Passwort deines Kontos bei {site} wurde soeben geändert.',
    button: 'Passwort zurücksetzen',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    ignore:
      'Hast du es selbst geändert? Dann kannst du diese E-Mail ignorieren. Falls nicht, setze dein Passwort sofort über den Button oben zurück: Damit werden alle anderen abgemeldet.',
  },
  it: {
    subject: 'La tua password di {site} è stata cambiata',
    greeting: 'Ciao {name},',
    intro: 'la password del tuo account su {site} è appena stata cambiata.',
    button: 'Reimposta la password',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    ignore:
      'L’hai cambiata tu? Allora puoi ignorare questa e-mail. Altrimenti reimposta subito la password con il pulsante qui sopra: così tutti gli altri verranno disconnessi.',
  },
  fr: {
    subject: 'Votre mot de passe {site} a été modifié',
    greeting: 'Bonjour {name},',
    intro: 'Le mot de passe de votre compte {site} vient d’être modifié.',
    button: 'Réinitialiser mon mot de passe',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    ignore:
      'C’était vous\u00a0? Vous pouvez alors ignorer cet e-mail. Sinon, réinitialisez tout de suite votre mot de passe avec le bouton ci-dessus\u00a0: toutes les autres sessions seront fermées.',
  },
  es: {
    subject: 'Se ha cambiado tu contraseña de {site}',
    greeting: 'Hola, {name}:',
    intro: 'Se acaba de cambiar la contraseña de tu cuenta de {site}.',
    button: 'Restablecer mi contraseña',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    ignore:
      '¿Has sido tú? Entonces puedes ignorar este correo. Si no, restablece tu contraseña ahora mismo con el botón de arriba: así se cerrarán todas las demás sesiones.',
  },
  pl: {
    subject: 'Hasło w serwisie {site} zostało zmienione',
    greeting: 'Cześć {name}!',
    intro: 'Hasło do Twojego konta w serwisie {site} zostało przed chwilą zmienione.',
    button: 'Zresetuj hasło',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    ignore:
      'Jeśli to była Twoja zmiana, możesz zignorować tę wiadomość. Jeśli nie, od razu zresetuj hasło za pomocą przycisku powyżej – wszystkie inne sesje zostaną zakończone.',
  },
};

/** The notice that the password was changed, with a way out for a member who did not do it. */
export const passwordChangedMail = defineNoticeMail(
  'password_changed',
  PASSWORD_CHANGED,
  RESET_REQUEST_PATH,
);
