import type { Locale } from '@amora/shared/constants';
import { formatMinor } from '@amora/shared/rules/money';
import { z } from 'zod';
import { type ActionMailTexts, renderActionMail } from '../mail-layout.js';
import { defineMailTemplate } from '../mail-template.js';

interface RefundTexts extends ActionMailTexts {
  chargebackSubject: string;
  chargebackIntro: string;
  /** {taken} credits came off the balance. */
  creditsTaken: string;
  /** {owed} credits had been used already. */
  creditsOwed: string;
  premiumEnded: string;
}

// {name}, {amount}, {order}, {taken} and {owed} are filled in.
const REFUND: Record<Locale, RefundTexts> = {
  en: {
    subject: 'Refund of your order on {site}',
    chargebackSubject: 'A payment on {site} was reversed',
    greeting: 'Hi {name},',
    intro: 'We have refunded {amount} for your order {order}.',
    chargebackIntro:
      'Your bank or card issuer reversed your payment of {amount} for order {order} (a chargeback).',
    creditsTaken: '{taken} credits of this order were taken back from your balance.',
    creditsOwed:
      '{owed} credits of it had already been used: your next credit purchase settles them first, and until then messages that cost credits cannot be sent.',
    premiumEnded: 'The premium this order added has ended.',
    button: 'View your order',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore: 'Questions about this? Our customer service is happy to help.',
  },
  nl: {
    subject: 'Terugbetaling van je bestelling bij {site}',
    chargebackSubject: 'Een betaling bij {site} is teruggeboekt',
    greeting: 'Hoi {name},',
    intro: 'We hebben {amount} terugbetaald voor je bestelling {order}.',
    chargebackIntro:
      'Je bank of kaartuitgever heeft je betaling van {amount} voor bestelling {order} teruggeboekt (een chargeback).',
    creditsTaken: '{taken} credits van deze bestelling zijn van je saldo teruggenomen.',
    creditsOwed:
      '{owed} credits ervan had je al gebruikt: je volgende aankoop van credits verrekent die eerst, en tot dan kun je geen berichten sturen die credits kosten.',
    premiumEnded: 'De premium die deze bestelling toevoegde, is beëindigd.',
    button: 'Bekijk je bestelling',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    ignore: 'Vragen hierover? Onze klantenservice helpt je graag.',
  },
  de: {
    subject: 'Erstattung deiner Bestellung bei {site}',
    chargebackSubject: 'Eine Zahlung bei {site} wurde zurückgebucht',
    greeting: 'Hallo {name},',
    intro: 'wir haben dir {amount} für deine Bestellung {order} erstattet.',
    chargebackIntro:
      'deine Bank oder dein Kartenanbieter hat deine Zahlung von {amount} für die Bestellung {order} zurückgebucht (Chargeback).',
    creditsTaken: '{taken} Credits dieser Bestellung wurden von deinem Guthaben zurückgenommen.',
    creditsOwed:
      '{owed} Credits davon hattest du schon verbraucht: Dein nächster Credit-Kauf gleicht sie zuerst aus, bis dahin kannst du keine Nachrichten senden, die Credits kosten.',
    premiumEnded: 'Das Premium aus dieser Bestellung ist beendet.',
    button: 'Bestellung ansehen',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    ignore: 'Fragen dazu? Unser Kundenservice hilft dir gern.',
  },
  it: {
    subject: 'Rimborso del tuo ordine su {site}',
    chargebackSubject: 'Un pagamento su {site} è stato stornato',
    greeting: 'Ciao {name},',
    intro: 'abbiamo rimborsato {amount} per il tuo ordine {order}.',
    chargebackIntro:
      'la tua banca o l’emittente della carta ha stornato il tuo pagamento di {amount} per l’ordine {order} (chargeback).',
    creditsTaken: '{taken} crediti di questo ordine sono stati ripresi dal tuo saldo.',
    creditsOwed:
      '{owed} crediti erano già stati usati: il tuo prossimo acquisto di crediti li salda per primi e fino ad allora non puoi inviare messaggi che costano crediti.',
    premiumEnded: 'Il premium aggiunto da questo ordine è terminato.',
    button: 'Vedi il tuo ordine',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    ignore: 'Domande? Il nostro servizio clienti è qui per aiutarti.',
  },
  fr: {
    subject: 'Remboursement de votre commande sur {site}',
    chargebackSubject: 'Un paiement sur {site} a été contesté',
    greeting: 'Bonjour {name},',
    intro: 'Nous avons remboursé {amount} pour votre commande {order}.',
    chargebackIntro:
      'Votre banque ou l’émetteur de votre carte a annulé votre paiement de {amount} pour la commande {order} (rétrofacturation).',
    creditsTaken: '{taken} crédits de cette commande ont été repris sur votre solde.',
    creditsOwed:
      '{owed} crédits avaient déjà été utilisés\u00a0: votre prochain achat de crédits les règle d’abord, et d’ici là les messages payants en crédits ne peuvent pas être envoyés.',
    premiumEnded: 'Le Premium ajouté par cette commande a pris fin.',
    button: 'Voir votre commande',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    ignore: 'Une question\u00a0? Notre service client est là pour vous aider.',
  },
  es: {
    subject: 'Reembolso de tu pedido en {site}',
    chargebackSubject: 'Se ha revertido un pago en {site}',
    greeting: 'Hola, {name}:',
    intro: 'Te hemos reembolsado {amount} por tu pedido {order}.',
    chargebackIntro:
      'Tu banco o el emisor de tu tarjeta ha revertido tu pago de {amount} del pedido {order} (contracargo).',
    creditsTaken: 'Se han retirado de tu saldo {taken} créditos de este pedido.',
    creditsOwed:
      'Ya habías usado {owed} créditos: tu próxima compra de créditos los salda primero y, hasta entonces, no puedes enviar mensajes que cuesten créditos.',
    premiumEnded: 'El premium que añadió este pedido ha terminado.',
    button: 'Ver tu pedido',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    ignore: '¿Tienes preguntas? Nuestro servicio de atención al cliente te ayuda con gusto.',
  },
  pl: {
    subject: 'Zwrot za zamówienie w serwisie {site}',
    chargebackSubject: 'Płatność w serwisie {site} została cofnięta',
    greeting: 'Cześć {name}!',
    intro: 'Zwróciliśmy {amount} za Twoje zamówienie {order}.',
    chargebackIntro:
      'Twój bank lub wydawca karty cofnął płatność {amount} za zamówienie {order} (chargeback).',
    creditsTaken: 'Z Twojego salda cofnięto {taken} kredytów z tego zamówienia.',
    creditsOwed:
      '{owed} kredytów zostało już wykorzystanych: Twój następny zakup kredytów najpierw je wyrówna, a do tego czasu nie możesz wysyłać wiadomości, które kosztują kredyty.',
    premiumEnded: 'Premium dodane przez to zamówienie zostało zakończone.',
    button: 'Zobacz zamówienie',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    ignore: 'Masz pytania? Nasza obsługa klienta chętnie pomoże.',
  },
};

/**
 * A refund or chargeback was applied to an order: how much came back, and what it took
 * from the member (credits, credits still owed, the premium the order added).
 */
export const paymentRefundMail = defineMailTemplate({
  name: 'payment_refund',
  data: z.object({
    name: z.string(),
    orderId: z.string(),
    chargeback: z.boolean(),
    /** Minor units paid back by this refund (a chargeback: all that was left). */
    amount: z.number().int(),
    currency: z.string(),
    creditsTaken: z.number().int(),
    creditsOwed: z.number().int(),
    premiumEnded: z.boolean(),
  }),
  secretKeys: [],
  render: (locale, data, context) => {
    const texts = REFUND[locale];
    const amount = formatMinor(data.amount, data.currency, locale);
    const intro = [
      data.chargeback ? texts.chargebackIntro : texts.intro,
      ...(data.creditsTaken > 0 ? [texts.creditsTaken] : []),
      ...(data.creditsOwed > 0 ? [texts.creditsOwed] : []),
      ...(data.premiumEnded ? [texts.premiumEnded] : []),
    ].join(' ');
    return renderActionMail(
      locale,
      { ...texts, subject: data.chargeback ? texts.chargebackSubject : texts.subject, intro },
      {
        name: data.name,
        amount,
        order: data.orderId,
        taken: String(data.creditsTaken),
        owed: String(data.creditsOwed),
      },
      { path: `/transactions/${data.orderId}` },
      context,
      { signOff: 'regards' },
    );
  },
});
