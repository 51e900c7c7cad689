import { LOCALE_INFO, type Locale } from '@amora/shared/constants';
import { formatMinor } from '@amora/shared/rules/money';
import { z } from 'zod';
import { type ActionMailTexts, renderActionMail } from '../mail-layout.js';
import { defineMailTemplate } from '../mail-template.js';

interface ReceiptTexts extends ActionMailTexts {
  credits: string;
  premium: string;
  /** Credits: the waiver the member gave (terms §7). */
  creditsWithdrawal: string;
  /** Premium: the 14 days to withdraw (terms §7). */
  premiumWithdrawal: string;
  /** The VAT the price includes: {country}, {rate}, {vat}, {net}. */
  vat: string;
}

// {name}, {item} ({credits} or {days}), {amount} and {order} are filled in.
const RECEIPT: Record<Locale, ReceiptTexts> = {
  en: {
    subject: 'Your order on {site}: {item}',
    greeting: 'Hi {name},',
    intro:
      'Thank you for your order. We received your payment of {amount} for {item}, and it is yours now. Order number: {order}.',
    credits: '{credits} credits',
    premium: 'premium for {days} days',
    creditsWithdrawal:
      'You agreed that the credits are delivered at once; with that, your right of withdrawal for them has ended. Our return policy explains when we refund unused credits all the same.',
    premiumWithdrawal:
      'You can withdraw from premium within 14 days; we then refund the price minus the days you already had. See our return policy.',
    vat: 'Included VAT ({country}, {rate}%): {vat}. Price without VAT: {net}.',
    button: 'View your order',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore:
      'Keep this e-mail as your receipt. Questions about a payment? Our customer service is happy to help.',
  },
  nl: {
    subject: 'Je bestelling bij {site}: {item}',
    greeting: 'Hoi {name},',
    intro:
      'Bedankt voor je bestelling. We hebben je betaling van {amount} voor {item} ontvangen, en het is nu van jou. Bestelnummer: {order}.',
    credits: '{credits} credits',
    premium: 'premium voor {days} dagen',
    creditsWithdrawal:
      'Je hebt ermee ingestemd dat de credits meteen worden geleverd; daarmee is je herroepingsrecht voor deze credits vervallen. In ons retourbeleid lees je wanneer we ongebruikte credits toch terugbetalen.',
    premiumWithdrawal:
      'Je kunt premium binnen 14 dagen herroepen; we betalen dan de prijs terug min de dagen die je al had. Zie ons retourbeleid.',
    vat: 'Inbegrepen btw ({country}, {rate}%): {vat}. Prijs zonder btw: {net}.',
    button: 'Bekijk je bestelling',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    ignore:
      'Bewaar deze e-mail als betaalbewijs. Vragen over een betaling? Onze klantenservice helpt je graag.',
  },
  de: {
    subject: 'Deine Bestellung bei {site}: {item}',
    greeting: 'Hallo {name},',
    intro:
      'danke für deine Bestellung. Wir haben deine Zahlung von {amount} für {item} erhalten, es gehört jetzt dir. Bestellnummer: {order}.',
    credits: '{credits} Credits',
    premium: 'Premium für {days} Tage',
    creditsWithdrawal:
      'Du hast zugestimmt, dass die Credits sofort geliefert werden; damit ist dein Widerrufsrecht für sie erloschen. In unseren Rückerstattungsbedingungen steht, wann wir ungenutzte Credits trotzdem erstatten.',
    premiumWithdrawal:
      'Du kannst Premium innerhalb von 14 Tagen widerrufen; wir erstatten dann den Preis abzüglich der Tage, die du schon hattest. Siehe unsere Rückerstattungsbedingungen.',
    vat: 'Enthaltene MwSt. ({country}, {rate} %): {vat}. Preis ohne MwSt.: {net}.',
    button: 'Bestellung ansehen',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    ignore:
      'Bewahre diese E-Mail als Beleg auf. Fragen zu einer Zahlung? Unser Kundenservice hilft dir gern.',
  },
  it: {
    subject: 'Il tuo ordine su {site}: {item}',
    greeting: 'Ciao {name},',
    intro:
      'grazie per il tuo ordine. Abbiamo ricevuto il tuo pagamento di {amount} per {item}, ed è già tuo. Numero d’ordine: {order}.',
    credits: '{credits} crediti',
    premium: 'premium per {days} giorni',
    creditsWithdrawal:
      'Hai accettato che i crediti vengano consegnati subito; con ciò il tuo diritto di recesso per questi crediti è terminato. La nostra politica di rimborso spiega quando rimborsiamo comunque i crediti non usati.',
    premiumWithdrawal:
      'Puoi recedere dal premium entro 14 giorni; rimborsiamo il prezzo meno i giorni che hai già avuto. Vedi la nostra politica di rimborso.',
    vat: 'IVA inclusa ({country}, {rate}%): {vat}. Prezzo senza IVA: {net}.',
    button: 'Vedi il tuo ordine',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    ignore:
      'Conserva questa e-mail come ricevuta. Domande su un pagamento? Il nostro servizio clienti è qui per aiutarti.',
  },
  fr: {
    subject: 'Votre commande sur {site}\u00a0: {item}',
    greeting: 'Bonjour {name},',
    intro:
      'Merci pour votre commande. Nous avons reçu votre paiement de {amount} pour {item}, c’est à vous dès maintenant. Numéro de commande\u00a0: {order}.',
    credits: '{credits} crédits',
    premium: 'Premium pendant {days} jours',
    creditsWithdrawal:
      'Vous avez accepté que les crédits soient livrés immédiatement\u00a0; votre droit de rétractation pour ces crédits a donc pris fin. Notre politique de remboursement explique quand nous remboursons tout de même les crédits inutilisés.',
    premiumWithdrawal:
      'Vous pouvez vous rétracter du Premium sous 14 jours\u00a0; nous remboursons alors le prix moins les jours déjà utilisés. Voir notre politique de remboursement.',
    vat: 'TVA incluse ({country}, {rate}\u00a0%)\u00a0: {vat}. Prix hors TVA\u00a0: {net}.',
    button: 'Voir votre commande',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    ignore:
      'Conservez cet e-mail comme reçu. Une question sur un paiement\u00a0? Notre service client est là pour vous aider.',
  },
  es: {
    subject: 'Tu pedido en {site}: {item}',
    greeting: 'Hola, {name}:',
    intro:
      'Gracias por tu pedido. Hemos recibido tu pago de {amount} por {item}, y ya es tuyo. Número de pedido: {order}.',
    credits: '{credits} créditos',
    premium: 'premium durante {days} días',
    creditsWithdrawal:
      'Aceptaste que los créditos se entreguen al instante; con ello ha terminado tu derecho de desistimiento para ellos. Nuestra política de devoluciones explica cuándo reembolsamos igualmente los créditos no usados.',
    premiumWithdrawal:
      'Puedes desistir del premium en un plazo de 14 días; te reembolsamos el precio menos los días que ya tuviste. Consulta nuestra política de devoluciones.',
    vat: 'IVA incluido ({country}, {rate} %): {vat}. Precio sin IVA: {net}.',
    button: 'Ver tu pedido',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    ignore:
      'Guarda este correo como recibo. ¿Dudas sobre un pago? Nuestro servicio de atención al cliente te ayuda con gusto.',
  },
  pl: {
    subject: 'Twoje zamówienie w serwisie {site}: {item}',
    greeting: 'Cześć {name}!',
    intro:
      'Dziękujemy za zamówienie. Otrzymaliśmy Twoją płatność {amount} za {item} i już możesz z tego korzystać. Numer zamówienia: {order}.',
    credits: '{credits} kredytów',
    premium: 'premium na {days} dni',
    creditsWithdrawal:
      'Zgodziłeś się na natychmiastowe dostarczenie kredytów; tym samym Twoje prawo odstąpienia od umowy w ich przypadku wygasło. Nasze zasady zwrotów wyjaśniają, kiedy mimo to zwracamy niewykorzystane kredyty.',
    premiumWithdrawal:
      'Możesz odstąpić od premium w ciągu 14 dni; zwrócimy wtedy cenę pomniejszoną o dni, z których już korzystałeś. Zobacz nasze zasady zwrotów.',
    vat: 'Zawarty VAT ({country}, {rate}%): {vat}. Cena bez VAT: {net}.',
    button: 'Zobacz zamówienie',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    ignore:
      'Zachowaj tę wiadomość jako potwierdzenie. Pytania o płatność? Nasza obsługa klienta chętnie pomoże.',
  },
};

/**
 * The receipt of a paid order (a durable confirmation of the contract): what was bought,
 * for how much, and how withdrawal works for it.
 */
export const paymentReceiptMail = defineMailTemplate({
  name: 'payment_receipt',
  data: z.object({
    name: z.string(),
    orderId: z.string(),
    credits: z.number().int(),
    premiumDays: z.number().int(),
    amount: z.number().int(),
    currency: z.string(),
    waivedWithdrawal: z.boolean(),
    /** The VAT split (issue 15); absent in receipts queued before it was stored. */
    vatCountry: z.string().optional(),
    vatRate: z.number().optional(),
    netAmount: z.number().int().optional(),
  }),
  secretKeys: [],
  render: (locale, data, context) => {
    const texts = RECEIPT[locale];
    const isCredits = data.credits > 0;
    const item = (isCredits ? texts.credits : texts.premium)
      .replace('{credits}', String(data.credits))
      .replace('{days}', String(data.premiumDays));
    const money = (minor: number) => formatMinor(minor, data.currency, locale);
    const amount = money(data.amount);
    const hasVat =
      data.vatCountry !== undefined && data.vatRate !== undefined && data.netAmount !== undefined;
    return renderActionMail(
      locale,
      {
        ...texts,
        intro: `${texts.intro} ${isCredits ? texts.creditsWithdrawal : texts.premiumWithdrawal}`,
        // The paragraph under the button (a link's expiry elsewhere) carries the VAT here.
        ...(hasVat && { expiry: texts.vat }),
      },
      {
        name: data.name,
        item,
        amount,
        order: data.orderId,
        ...(hasVat && {
          country: data.vatCountry!,
          rate: new Intl.NumberFormat(LOCALE_INFO[locale].tag, { maximumFractionDigits: 2 }).format(
            data.vatRate!,
          ),
          vat: money(data.amount - data.netAmount!),
          net: money(data.netAmount!),
        }),
      },
      { path: `/transactions/${data.orderId}` },
      context,
      { signOff: 'have_fun' },
    );
  },
});
