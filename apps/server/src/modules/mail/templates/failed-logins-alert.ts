import type { Locale } from '@amora/shared/constants';
import { z } from 'zod';
import { type ActionMailTexts, renderActionMail } from '../mail-layout.js';
import { defineMailTemplate } from '../mail-template.js';

/** Where the button leads: a reset link chosen there ends every session. */
const RESET_REQUEST_PATH = '/reset-password';

// {site}, {name} and {failures} (the failures an hour from which an account counts as
// under attack) are filled in; French keeps its no-break space before ! ? :.
const FAILED_LOGINS_ALERT: Record<Locale, ActionMailTexts> = {
  en: {
    subject: 'Someone is trying to get into your {site} account',
    greeting: 'Hi {name},',
    intro:
      'Within the last hour, someone tried more than {failures} times to log in to your {site} account with a wrong password. We have slowed down every further attempt, and your account stays safe as long as nobody knows your password.',
    button: 'Choose a new password',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore:
      'Was it you, having forgotten your password? Then you can ignore this e-mail. If not, choose a new, strong password that you use nowhere else: that also logs everyone else out. We send this warning at most once a day.',
  },
  nl: {
    subject: 'Iemand probeert in te loggen op je account bij {site}',
    greeting: 'Hoi {name},',
    intro:
      'In het afgelopen uur heeft iemand meer dan {failures} keer geprobeerd met een verkeerd wachtwoord in te loggen op je account bij {site}. We hebben elke volgende poging vertraagd. Je account blijft veilig zolang niemand je wachtwoord kent.',
    button: 'Kies een nieuw wachtwoord',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    ignore:
      'Was jij dit en was je je wachtwoord vergeten? Dan kun je deze e-mail negeren. Zo niet, kies dan een nieuw, sterk wachtwoord dat je nergens anders gebruikt: daarmee wordt ook iedereen anders uitgelogd. We sturen deze waarschuwing hoogstens één keer per dag.',
  },
  de: {
    subject: 'Jemand versucht, in dein Konto bei {site} zu gelangen',
    greeting: 'Hallo {name},',
    intro:
      'in der letzten Stunde hat jemand mehr als {failures}-mal versucht, sich mit einem falschen Passwort in dein Konto bei {site} einzuloggen. Wir haben jeden weiteren Versuch verlangsamt. Dein Konto bleibt sicher, solange niemand dein Passwort kennt.',
    button: 'Neues Passwort wählen',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    ignore:
      'Warst du das selbst und hattest dein Passwort vergessen? Dann kannst du diese E-Mail ignorieren. Falls nicht, wähle ein neues, sicheres Passwort, das du nirgendwo sonst verwendest: Damit werden auch alle anderen abgemeldet. Diese Warnung senden wir höchstens einmal am Tag.',
  },
  it: {
    subject: 'Qualcuno sta cercando di entrare nel tuo account su {site}',
    greeting: 'Ciao {name},',
    intro:
      'nell’ultima ora qualcuno ha provato più di {failures} volte ad accedere al tuo account su {site} con una password sbagliata. Abbiamo rallentato ogni tentativo successivo. Il tuo account resta al sicuro finché nessuno conosce la tua password.',
    button: 'Scegli una nuova password',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    ignore:
      'Eri tu e avevi dimenticato la password? Allora puoi ignorare questa e-mail. Altrimenti scegli una nuova password sicura che non usi altrove: così verranno disconnessi anche tutti gli altri. Inviamo questo avviso al massimo una volta al giorno.',
  },
  fr: {
    subject: 'Quelqu’un tente d’accéder à votre compte {site}',
    greeting: 'Bonjour {name},',
    intro:
      'Au cours de la dernière heure, quelqu’un a essayé plus de {failures} fois de se connecter à votre compte {site} avec un mot de passe erroné. Nous avons ralenti chaque nouvelle tentative. Votre compte reste protégé tant que personne ne connaît votre mot de passe.',
    button: 'Choisir un nouveau mot de passe',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    ignore:
      'C’était vous et vous aviez oublié votre mot de passe\u00a0? Vous pouvez alors ignorer cet e-mail. Sinon, choisissez un nouveau mot de passe robuste que vous n’utilisez nulle part ailleurs\u00a0: toutes les autres sessions seront aussi fermées. Nous envoyons cet avertissement une fois par jour au plus.',
  },
  es: {
    subject: 'Alguien intenta entrar en tu cuenta de {site}',
    greeting: 'Hola, {name}:',
    intro:
      'En la última hora, alguien ha intentado más de {failures} veces iniciar sesión en tu cuenta de {site} con una contraseña incorrecta. Hemos ralentizado cada nuevo intento. Tu cuenta sigue segura mientras nadie conozca tu contraseña.',
    button: 'Elegir una contraseña nueva',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    ignore:
      '¿Has sido tú y habías olvidado tu contraseña? Entonces puedes ignorar este correo. Si no, elige una contraseña nueva y segura que no uses en ningún otro sitio: así se cerrarán también todas las demás sesiones. Enviamos este aviso como máximo una vez al día.',
  },
  pl: {
    subject: 'Ktoś próbuje dostać się na Twoje konto w serwisie {site}',
    greeting: 'Cześć {name}!',
    intro:
      'W ciągu ostatniej godziny ktoś ponad {failures} razy próbował zalogować się na Twoje konto w serwisie {site}, podając błędne hasło. Spowolniliśmy każdą kolejną próbę. Twoje konto jest bezpieczne, dopóki nikt nie zna Twojego hasła.',
    button: 'Ustaw nowe hasło',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    ignore:
      'Jeśli to Ty i nie pamiętasz hasła, możesz zignorować tę wiadomość. Jeśli nie, ustaw nowe, silne hasło, którego nie używasz nigdzie indziej – wszystkie inne sesje również zostaną zakończone. Wysyłamy to ostrzeżenie najwyżej raz dziennie.',
  },
};

/**
 * The warning to the owner of an account under attack (more than `failures` wrong
 * passwords within an hour; docs/decisions/027), with the way to a new password.
 */
export const failedLoginsAlertMail = defineMailTemplate({
  name: 'failed_logins_alert',
  data: z.object({ name: z.string(), failures: z.number().int().positive() }),
  secretKeys: [],
  render: (locale, data, context) =>
    renderActionMail(
      locale,
      FAILED_LOGINS_ALERT[locale],
      { name: data.name, failures: String(data.failures) },
      { path: RESET_REQUEST_PATH },
      context,
    ),
});
