import type { Locale } from '@amora/shared/constants';
import { z } from 'zod';
import { type ActionMailTexts, renderActionMail } from '../mail-layout.js';
import { defineMailTemplate } from '../mail-template.js';

// {site}, {name}, {email} (the new address) and {days} are filled in; French keeps its
// no-break space before ! ? :.
const EMAIL_CHANGE_NOTICE: Record<Locale, ActionMailTexts> = {
  en: {
    subject: 'The e-mail address of your {site} account was changed',
    greeting: 'Hi {name},',
    intro:
      'The e-mail address of your {site} account has just been changed to {email}. From now on, log in with that address. If you did not make this change, undo it with the button below: we will put this address back, log out every device and help you choose a new password.',
    button: 'This wasn’t me – undo the change',
    fallback: 'If the button does not work, copy this link into your browser:',
    expiry: 'The link is valid for {days} days and can be used once.',
    ignore: 'Did you make this change yourself? Then there is nothing to do.',
  },
  nl: {
    subject: 'Het e-mailadres van je account bij {site} is gewijzigd',
    greeting: 'Hoi {name},',
    intro:
      'Het e-mailadres van je account bij {site} is zojuist gewijzigd in {email}. Voortaan log je in met dat adres. Heb je dit niet zelf gedaan? Maak het dan ongedaan met de knop hieronder: we zetten dit adres terug, loggen alle apparaten uit en helpen je een nieuw wachtwoord te kiezen.',
    button: 'Dit was ik niet – wijziging ongedaan maken',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    expiry: 'De link is {days} dagen geldig en kan één keer worden gebruikt.',
    ignore: 'Heb je dit zelf gedaan? Dan hoef je niets te doen.',
  },
  de: {
    subject: 'Die E-Mail-Adresse deines Kontos bei {site} wurde geändert',
    greeting: 'Hallo {name},',
    intro:
      'die E-Mail-Adresse deines Kontos bei {site} wurde soeben in {email} geändert. Ab jetzt meldest du dich mit dieser Adresse an. Warst du das nicht? Dann mache die Änderung mit dem Button unten rückgängig: Wir stellen diese Adresse wieder her, melden alle Geräte ab und helfen dir, ein neues Passwort zu wählen.',
    button: 'Das war ich nicht – Änderung rückgängig machen',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    expiry: 'Der Link ist {days} Tage lang gültig und kann einmal verwendet werden.',
    ignore: 'Hast du die Adresse selbst geändert? Dann musst du nichts tun.',
  },
  it: {
    subject: 'L’indirizzo e-mail del tuo account su {site} è stato modificato',
    greeting: 'Ciao {name},',
    intro:
      'l’indirizzo e-mail del tuo account su {site} è appena stato cambiato in {email}. D’ora in poi accedi con quell’indirizzo. Non l’hai fatto tu? Annulla la modifica con il pulsante qui sotto: ripristineremo questo indirizzo, disconnetteremo tutti i dispositivi e ti aiuteremo a scegliere una nuova password.',
    button: 'Non l’ho fatto io: annulla la modifica',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    expiry: 'Il link è valido per {days} giorni e si può usare una sola volta.',
    ignore: 'Hai cambiato tu l’indirizzo? Allora non devi fare nulla.',
  },
  fr: {
    subject: 'L’adresse e-mail de votre compte {site} a été modifiée',
    greeting: 'Bonjour {name},',
    intro:
      'L’adresse e-mail de votre compte {site} vient d’être remplacée par {email}. Désormais, connectez-vous avec cette adresse. Ce n’était pas vous\u00a0? Annulez la modification avec le bouton ci-dessous\u00a0: nous rétablirons cette adresse, déconnecterons tous les appareils et vous aiderons à choisir un nouveau mot de passe.',
    button: 'Ce n’était pas moi – annuler la modification',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    expiry: 'Ce lien est valable {days}\u00a0jours et ne peut servir qu’une seule fois.',
    ignore: 'C’est vous qui avez fait cette modification\u00a0? Alors vous n’avez rien à faire.',
  },
  es: {
    subject: 'La dirección de correo de tu cuenta de {site} ha cambiado',
    greeting: 'Hola, {name}:',
    intro:
      'La dirección de correo electrónico de tu cuenta de {site} acaba de cambiarse a {email}. A partir de ahora, inicia sesión con esa dirección. ¿No has sido tú? Deshaz el cambio con el botón de abajo: restableceremos esta dirección, cerraremos la sesión en todos los dispositivos y te ayudaremos a elegir una contraseña nueva.',
    button: 'No he sido yo: deshacer el cambio',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    expiry: 'El enlace es válido durante {days} días y solo se puede usar una vez.',
    ignore: '¿Has hecho tú el cambio? Entonces no tienes que hacer nada.',
  },
  pl: {
    subject: 'Adres e-mail Twojego konta w serwisie {site} został zmieniony',
    greeting: 'Cześć {name}!',
    intro:
      'Adres e-mail Twojego konta w serwisie {site} został właśnie zmieniony na {email}. Od teraz loguj się tym adresem. Jeśli to nie Ty, cofnij zmianę przyciskiem poniżej: przywrócimy ten adres, wylogujemy wszystkie urządzenia i pomożemy Ci ustawić nowe hasło.',
    button: 'To nie ja – cofnij zmianę',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    expiry: 'Link jest ważny przez {days} dni i można go użyć tylko raz.',
    ignore: 'Jeśli zmiana pochodzi od Ciebie, nie musisz nic robić.',
  },
};

/**
 * Sent to the old address once an e-mail change is made: what changed, and a link that
 * undoes it (for a member whose account someone else got into).
 */
export const emailChangeNoticeMail = defineMailTemplate({
  name: 'email_change_notice',
  data: z.object({
    name: z.string(),
    /** The address the account has now (this mail goes to the previous one). */
    newEmail: z.string(),
    /** Path and query of the undo link (it carries the token). */
    linkPath: z.string().startsWith('/'),
    validDays: z.number().int().positive(),
  }),
  secretKeys: ['linkPath'],
  render: (locale, data, context) =>
    renderActionMail(
      locale,
      EMAIL_CHANGE_NOTICE[locale],
      { name: data.name, email: data.newEmail, days: String(data.validDays) },
      { path: data.linkPath },
      context,
      { signOff: 'regards' },
    ),
});
