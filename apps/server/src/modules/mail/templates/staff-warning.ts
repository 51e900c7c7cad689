import type { Locale } from '@amora/shared/constants';
import { z } from 'zod';
import { type ActionMailTexts, renderActionMail } from '../mail-layout.js';
import { defineMailTemplate } from '../mail-template.js';

/** Where the button leads: the rules the warning is about. */
const RULES_PATH = '/pages/terms';

// The frame is translated; {text} is the staff member's text as written (escaped in HTML).
// French keeps its no-break space before ! ? :.
const STAFF_WARNING: Record<Locale, ActionMailTexts> = {
  en: {
    subject: 'A warning from the {site} team',
    greeting: 'Hi {name},',
    intro: 'Our team looked at your account and asks you to change something:',
    expiry: '“{text}”',
    button: 'Read our rules',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore:
      'Please keep to the rules from now on: a member who keeps breaking them is banned. If you think this warning is a mistake, tell us through customer service.',
  },
  nl: {
    subject: 'Een waarschuwing van het team van {site}',
    greeting: 'Hoi {name},',
    intro: 'Ons team heeft naar je account gekeken en vraagt je iets te veranderen:',
    expiry: '“{text}”',
    button: 'Lees onze regels',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    ignore:
      'Houd je voortaan aan de regels: wie ze blijft overtreden, wordt verbannen. Denk je dat deze waarschuwing een vergissing is? Laat het ons weten via de klantenservice.',
  },
  de: {
    subject: 'Eine Verwarnung vom {site}-Team',
    greeting: 'Hallo {name},',
    intro: 'unser Team hat sich dein Konto angesehen und bittet dich, etwas zu ändern:',
    expiry: '„{text}“',
    button: 'Unsere Regeln lesen',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    ignore:
      'Bitte halte dich künftig an die Regeln: Wer immer wieder gegen sie verstößt, wird gesperrt. Hältst du diese Verwarnung für einen Irrtum? Schreib uns über den Kundenservice.',
  },
  it: {
    subject: 'Un avvertimento dal team di {site}',
    greeting: 'Ciao {name},',
    intro: 'il nostro team ha esaminato il tuo account e ti chiede di cambiare qualcosa:',
    expiry: '«{text}»',
    button: 'Leggi le nostre regole',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    ignore:
      'D’ora in poi rispetta le regole: chi continua a violarle viene bandito. Pensi che questo avvertimento sia un errore? Scrivici tramite il servizio clienti.',
  },
  fr: {
    subject: 'Un avertissement de l’équipe {site}',
    greeting: 'Bonjour {name},',
    intro: 'Notre équipe a examiné votre compte et vous demande de changer quelque chose\u00a0:',
    expiry: '«\u00a0{text}\u00a0»',
    button: 'Lire nos règles',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    ignore:
      'Merci de respecter les règles désormais\u00a0: un membre qui continue à les enfreindre est banni. Vous pensez que cet avertissement est une erreur\u00a0? Dites-le-nous via le service client.',
  },
  es: {
    subject: 'Una advertencia del equipo de {site}',
    greeting: 'Hola, {name}:',
    intro: 'Nuestro equipo ha revisado tu cuenta y te pide que cambies algo:',
    expiry: '«{text}»',
    button: 'Leer nuestras normas',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    ignore:
      'A partir de ahora, respeta las normas: quien las sigue incumpliendo es expulsado. ¿Crees que esta advertencia es un error? Dínoslo a través del servicio de atención al cliente.',
  },
  pl: {
    subject: 'Ostrzeżenie od zespołu {site}',
    greeting: 'Cześć {name}!',
    intro: 'Nasz zespół przyjrzał się Twojemu kontu i prosi Cię o zmianę:',
    expiry: '„{text}”',
    button: 'Przeczytaj nasze zasady',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    ignore:
      'Od teraz przestrzegaj zasad: kto je stale łamie, zostaje zbanowany. Uważasz, że to ostrzeżenie to pomyłka? Napisz do nas przez obsługę klienta.',
  },
};

/** A staff warning: the translated frame around the staff member's text as written. */
export const staffWarningMail = defineMailTemplate({
  name: 'staff_warning',
  data: z.object({ name: z.string(), text: z.string() }),
  secretKeys: [],
  render: (locale, data, context) =>
    renderActionMail(
      locale,
      STAFF_WARNING[locale],
      { name: data.name, text: data.text },
      { path: RULES_PATH },
      context,
      { signOff: 'regards' },
    ),
});
