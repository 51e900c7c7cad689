import type { Locale } from '@amora/shared/constants';
import type { ActionMailTexts } from '../mail-layout.js';
import { defineNoticeMail } from '../mail-template.js';

/** The service page (spec section 1, `pages-service`): how to reach customer service. */
const SERVICE_PATH = '/pages/service';

// {site} and {name} are filled in; French keeps its no-break space before ! ? :.
const ACCOUNT_DELETED: Record<Locale, ActionMailTexts> = {
  en: {
    subject: 'Your {site} account has been deleted',
    greeting: 'Hi {name},',
    intro:
      'As you asked, your {site} account has been deleted. Your profile, photos and likes are gone, nobody can find you any more, and in conversations you now appear as a deleted member. Thank you for the time you spent with us.',
    button: 'Contact customer service',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore:
      'Did you not delete your account yourself? Then contact our customer service right away.',
  },
  nl: {
    subject: 'Je account bij {site} is verwijderd',
    greeting: 'Hoi {name},',
    intro:
      'Zoals je hebt gevraagd, is je account bij {site} verwijderd. Je profiel, foto’s en likes zijn weg, niemand kan je nog vinden en in gesprekken sta je nu als verwijderd lid. Bedankt voor de tijd die je bij ons hebt doorgebracht.',
    button: 'Contact met de klantenservice',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    ignore:
      'Heb je je account niet zelf verwijderd? Neem dan meteen contact op met onze klantenservice.',
  },
  de: {
    subject: 'Dein Konto bei {site} wurde gelöscht',
    greeting: 'Hallo {name},',
    intro:
      'wie gewünscht wurde dein Konto bei {site} gelöscht. Dein Profil, deine Fotos und Likes sind entfernt, niemand kann dich mehr finden, und in Unterhaltungen erscheinst du jetzt als gelöschtes Mitglied. Danke für die Zeit, die du mit uns verbracht hast.',
    button: 'Kundenservice kontaktieren',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    ignore:
      'Hast du dein Konto nicht selbst gelöscht? Dann wende dich sofort an unseren Kundenservice.',
  },
  it: {
    subject: 'Il tuo account su {site} è stato eliminato',
    greeting: 'Ciao {name},',
    intro:
      'come hai chiesto, il tuo account su {site} è stato eliminato. Il tuo profilo, le foto e i like non ci sono più, nessuno può più trovarti e nelle conversazioni ora appari come membro eliminato. Grazie per il tempo trascorso con noi.',
    button: 'Contatta il servizio clienti',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    ignore:
      'Non hai eliminato tu il tuo account? Allora contatta subito il nostro servizio clienti.',
  },
  fr: {
    subject: 'Votre compte {site} a été supprimé',
    greeting: 'Bonjour {name},',
    intro:
      'Comme vous l’avez demandé, votre compte {site} a été supprimé. Votre profil, vos photos et vos likes ont disparu, plus personne ne peut vous trouver et, dans les conversations, vous apparaissez désormais comme membre supprimé. Merci pour le temps passé avec nous.',
    button: 'Contacter le service client',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    ignore:
      'Vous n’avez pas supprimé votre compte vous-même\u00a0? Contactez alors immédiatement notre service client.',
  },
  es: {
    subject: 'Tu cuenta de {site} se ha eliminado',
    greeting: 'Hola, {name}:',
    intro:
      'Como pediste, tu cuenta de {site} se ha eliminado. Tu perfil, tus fotos y tus likes ya no están, nadie puede encontrarte y en las conversaciones ahora apareces como miembro eliminado. Gracias por el tiempo que has pasado con nosotros.',
    button: 'Contactar con atención al cliente',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    ignore:
      '¿No has eliminado tú la cuenta? Entonces ponte en contacto enseguida con nuestro servicio de atención al cliente.',
  },
  pl: {
    subject: 'Twoje konto w serwisie {site} zostało usunięte',
    greeting: 'Cześć {name}!',
    intro:
      'Zgodnie z Twoją prośbą Twoje konto w serwisie {site} zostało usunięte. Twój profil, zdjęcia i polubienia zniknęły, nikt już Cię nie znajdzie, a w rozmowach widniejesz teraz jako usunięty użytkownik. Dziękujemy za czas spędzony z nami.',
    button: 'Skontaktuj się z obsługą klienta',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    ignore: 'Jeśli to nie Ty usunąłeś konto, natychmiast skontaktuj się z naszą obsługą klienta.',
  },
};

/**
 * Sent to the address of an account just deleted: what is gone, and where to turn when
 * the member did not delete it (a password someone else knew).
 */
export const accountDeletedMail = defineNoticeMail(
  'account_deleted',
  ACCOUNT_DELETED,
  SERVICE_PATH,
  'farewell',
);
