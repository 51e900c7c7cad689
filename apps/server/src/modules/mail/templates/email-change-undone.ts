import type { Locale } from '@amora/shared/constants';
import type { ActionMailTexts } from '../mail-layout.js';
import { defineLinkMail } from '../mail-template.js';

// {site}, {name} and {hours} are filled in; French keeps its no-break space before ! ? :.
// Polish says "godz." so that any number of hours reads right.
const EMAIL_CHANGE_UNDONE: Record<Locale, ActionMailTexts> = {
  en: {
    subject: 'Your address is back on {site}: choose a new password',
    greeting: 'Hi {name},',
    intro:
      'Your e-mail address is back on your {site} account and every device has been logged out. Whoever changed the address may know your password, so it no longer works: use the button to choose a new one.',
    button: 'Choose a new password',
    fallback: 'If the button does not work, copy this link into your browser:',
    expiry:
      'The link is valid for {hours} hours and can be used once. After that, ask for a new link with "Forgot your password?" on the login page.',
    ignore:
      'Did you not undo an address change yourself? Then choose a new password all the same, and tell our customer service.',
  },
  nl: {
    subject: 'Je adres staat weer bij {site}: kies een nieuw wachtwoord',
    greeting: 'Hoi {name},',
    intro:
      'Je e-mailadres staat weer op je account bij {site} en alle apparaten zijn uitgelogd. Wie het adres heeft gewijzigd, kent misschien je wachtwoord. Daarom werkt het niet meer: kies met de knop een nieuw wachtwoord.',
    button: 'Nieuw wachtwoord kiezen',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    expiry:
      'De link is {hours} uur geldig en kan één keer worden gebruikt. Daarna vraag je een nieuwe link aan met "Wachtwoord vergeten?" op de inlogpagina.',
    ignore:
      'Heb je de adreswijziging niet zelf ongedaan gemaakt? Kies dan toch een nieuw wachtwoord en laat het onze klantenservice weten.',
  },
  de: {
    subject: 'Deine Adresse ist zurück bei {site}: Wähle ein neues Passwort',
    greeting: 'Hallo {name},',
    intro:
      'deine E-Mail-Adresse ist wieder bei deinem Konto auf {site} eingetragen, und alle Geräte wurden abgemeldet. Wer die Adresse geändert hat, kennt vielleicht dein Passwort. Deshalb funktioniert es nicht mehr: Über den Button wählst du ein neues.',
    button: 'Neues Passwort wählen',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    expiry:
      'Der Link ist {hours} Stunden lang gültig und kann einmal verwendet werden. Danach forderst du über „Passwort vergessen?“ auf der Anmeldeseite einen neuen Link an.',
    ignore:
      'Du hast die Adressänderung nicht selbst rückgängig gemacht? Dann wähle trotzdem ein neues Passwort und sag unserem Kundenservice Bescheid.',
  },
  it: {
    subject: 'Il tuo indirizzo è di nuovo su {site}: scegli una nuova password',
    greeting: 'Ciao {name},',
    intro:
      'il tuo indirizzo e-mail è di nuovo sul tuo account di {site} e tutti i dispositivi sono stati disconnessi. Chi ha cambiato l’indirizzo potrebbe conoscere la tua password, quindi non funziona più: usa il pulsante per sceglierne una nuova.',
    button: 'Scegli una nuova password',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    expiry:
      'Il link è valido per {hours} ore e si può usare una sola volta. Dopo, chiedi un nuovo link con «Hai dimenticato la password?» nella pagina di accesso.',
    ignore:
      'Non hai annullato tu il cambio di indirizzo? Scegli comunque una nuova password e avvisa il nostro servizio clienti.',
  },
  fr: {
    subject: 'Votre adresse est de retour sur {site}\u00a0: choisissez un nouveau mot de passe',
    greeting: 'Bonjour {name},',
    intro:
      'Votre adresse e-mail est de nouveau celle de votre compte {site} et tous les appareils ont été déconnectés. La personne qui a changé l’adresse connaît peut-être votre mot de passe\u00a0: il ne fonctionne donc plus. Utilisez le bouton pour en choisir un nouveau.',
    button: 'Choisir un nouveau mot de passe',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    expiry:
      'Ce lien est valable {hours}\u00a0heures et ne peut servir qu’une seule fois. Ensuite, demandez un nouveau lien avec «\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion.',
    ignore:
      'Vous n’avez pas annulé vous-même le changement d’adresse\u00a0? Choisissez tout de même un nouveau mot de passe et prévenez notre service client.',
  },
  es: {
    subject: 'Tu dirección ha vuelto a {site}: elige una contraseña nueva',
    greeting: 'Hola, {name}:',
    intro:
      'Tu dirección de correo vuelve a ser la de tu cuenta de {site} y se ha cerrado la sesión en todos los dispositivos. Quien cambió la dirección podría conocer tu contraseña, así que ya no funciona: usa el botón para elegir una nueva.',
    button: 'Elegir una contraseña nueva',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    expiry:
      'El enlace es válido durante {hours} horas y solo se puede usar una vez. Después, pide un enlace nuevo con «¿Has olvidado tu contraseña?» en la página de inicio de sesión.',
    ignore:
      '¿No has deshecho tú el cambio de dirección? Elige igualmente una contraseña nueva y avisa a nuestro servicio de atención al cliente.',
  },
  pl: {
    subject: 'Twój adres wrócił do serwisu {site}: ustaw nowe hasło',
    greeting: 'Cześć {name}!',
    intro:
      'Twój adres e-mail znów jest przypisany do konta w serwisie {site}, a wszystkie urządzenia zostały wylogowane. Osoba, która zmieniła adres, może znać Twoje hasło, dlatego przestało ono działać. Kliknij przycisk, aby ustawić nowe.',
    button: 'Ustaw nowe hasło',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    expiry:
      'Link jest ważny przez {hours} godz. i można go użyć tylko raz. Później poproś o nowy link, klikając „Nie pamiętasz hasła?” na stronie logowania.',
    ignore:
      'To nie Ty cofnąłeś zmianę adresu? Mimo to ustaw nowe hasło i powiadom nasze biuro obsługi klienta.',
  },
};

/**
 * After an e-mail change was undone: the password was cleared (the intruder may know it),
 * so the restored address gets a password reset link (the reset flow's token and page).
 */
export const emailChangeUndoneMail = defineLinkMail('email_change_undone', EMAIL_CHANGE_UNDONE);
