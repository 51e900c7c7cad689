import type { Locale } from '@amora/shared/constants';
import { SERVICE_REQUEST_KINDS } from '@amora/shared/schemas/service-requests';
import { z } from 'zod';
import { type ActionMailTexts, renderActionMail } from '../mail-layout.js';
import { defineMailTemplate } from '../mail-template.js';

interface ReceivedTexts extends ActionMailTexts {
  /** The intro for a complaint: a person reviews it, within 14 days (terms, section 12). */
  complaintIntro: string;
}

// {name} and {reference} are filled in; French keeps its no-break space before ! ? :.
const RECEIVED: Record<Locale, ReceivedTexts> = {
  en: {
    subject: 'We received your message ({reference}) · {site}',
    greeting: 'Hi {name},',
    intro:
      'Thank you for writing to {site} customer service. Your message has reference {reference}; we answer within two working days. Many answers are in our frequently asked questions already.',
    complaintIntro:
      'Thank you for telling us. Your complaint has reference {reference}: a person on our team reviews it and answers within 14 days.',
    button: 'Read the frequently asked questions',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore: 'Did you not write to us? Then you can ignore this e-mail.',
  },
  nl: {
    subject: 'We hebben je bericht ontvangen ({reference}) · {site}',
    greeting: 'Hoi {name},',
    intro:
      'Bedankt voor je bericht aan de klantenservice van {site}. Je bericht heeft kenmerk {reference}; we antwoorden binnen twee werkdagen. Veel antwoorden staan al in onze veelgestelde vragen.',
    complaintIntro:
      'Bedankt dat je het ons laat weten. Je klacht heeft kenmerk {reference}: iemand van ons team bekijkt hem en antwoordt binnen 14 dagen.',
    button: 'Lees de veelgestelde vragen',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    ignore: 'Heb je ons niet geschreven? Dan kun je deze e-mail negeren.',
  },
  de: {
    subject: 'Wir haben deine Nachricht erhalten ({reference}) · {site}',
    greeting: 'Hallo {name},',
    intro:
      'danke für deine Nachricht an den Kundenservice von {site}. Deine Nachricht hat die Nummer {reference}; wir antworten innerhalb von zwei Werktagen. Viele Antworten findest du schon in unseren häufigen Fragen.',
    complaintIntro:
      'danke, dass du uns Bescheid gibst. Deine Beschwerde hat die Nummer {reference}: Eine Person aus unserem Team prüft sie und antwortet innerhalb von 14 Tagen.',
    button: 'Häufige Fragen lesen',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    ignore: 'Du hast uns nicht geschrieben? Dann kannst du diese E-Mail ignorieren.',
  },
  it: {
    subject: 'Abbiamo ricevuto il tuo messaggio ({reference}) · {site}',
    greeting: 'Ciao {name},',
    intro:
      'grazie per aver scritto al servizio clienti di {site}. Il tuo messaggio ha il riferimento {reference}; rispondiamo entro due giorni lavorativi. Molte risposte sono già nelle nostre domande frequenti.',
    complaintIntro:
      'grazie per avercelo segnalato. Il tuo reclamo ha il riferimento {reference}: una persona del nostro team lo esamina e risponde entro 14 giorni.',
    button: 'Leggi le domande frequenti',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    ignore: 'Non ci hai scritto tu? Allora puoi ignorare questa e-mail.',
  },
  fr: {
    subject: 'Nous avons reçu votre message ({reference}) · {site}',
    greeting: 'Bonjour {name},',
    intro:
      'Merci d’avoir écrit au service client de {site}. Votre message porte la référence {reference}\u00a0; nous répondons sous deux jours ouvrés. Beaucoup de réponses se trouvent déjà dans nos questions fréquentes.',
    complaintIntro:
      'Merci de nous l’avoir signalé. Votre réclamation porte la référence {reference}\u00a0: une personne de notre équipe l’examine et vous répond sous 14 jours.',
    button: 'Lire les questions fréquentes',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    ignore: 'Vous ne nous avez pas écrit\u00a0? Vous pouvez ignorer cet e-mail.',
  },
  es: {
    subject: 'Hemos recibido tu mensaje ({reference}) · {site}',
    greeting: 'Hola, {name}:',
    intro:
      'Gracias por escribir a atención al cliente de {site}. Tu mensaje tiene la referencia {reference}; respondemos en un plazo de dos días laborables. Muchas respuestas ya están en nuestras preguntas frecuentes.',
    complaintIntro:
      'Gracias por contárnoslo. Tu reclamación tiene la referencia {reference}: una persona de nuestro equipo la revisa y responde en un plazo de 14 días.',
    button: 'Leer las preguntas frecuentes',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    ignore: '¿No nos has escrito? Entonces puedes ignorar este correo.',
  },
  pl: {
    subject: 'Otrzymaliśmy Twoją wiadomość ({reference}) · {site}',
    greeting: 'Cześć {name}!',
    intro:
      'Dziękujemy za wiadomość do obsługi klienta {site}. Twoja wiadomość ma numer {reference}; odpowiadamy w ciągu dwóch dni roboczych. Wiele odpowiedzi znajdziesz już w najczęstszych pytaniach.',
    complaintIntro:
      'Dziękujemy, że dajesz nam znać. Twoja reklamacja ma numer {reference}: osoba z naszego zespołu ją rozpatrzy i odpowie w ciągu 14 dni.',
    button: 'Przeczytaj najczęstsze pytania',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    ignore: 'Nie pisałeś do nas? W takim razie zignoruj tę wiadomość.',
  },
};

/**
 * Confirms a question or complaint to the address it will be answered at, with its
 * reference. The member's own text is not repeated: the form must not become a way to
 * mail anything to anyone.
 */
export const serviceRequestReceivedMail = defineMailTemplate({
  name: 'service_request_received',
  data: z.object({
    name: z.string(),
    reference: z.string(),
    kind: z.enum(SERVICE_REQUEST_KINDS),
  }),
  secretKeys: [],
  // A visitor types the address (and the name) into the form.
  toTypedAddress: true,
  render: (locale, data, context) => {
    const texts = RECEIVED[locale];
    return renderActionMail(
      locale,
      { ...texts, intro: data.kind === 'complaint' ? texts.complaintIntro : texts.intro },
      { name: data.name, reference: data.reference },
      { path: '/pages/faq' },
      context,
      { signOff: 'regards' },
    );
  },
});
