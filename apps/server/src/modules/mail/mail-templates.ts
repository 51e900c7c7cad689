import { FALLBACK_LOCALE, type Locale } from '@amora/shared/constants';
import { isLocale } from '@amora/shared/rules/locale';
import { z } from 'zod';

/** Brand colour of buttons and the header rule; white on it has a contrast of 4.6:1. */
const BRAND = '#d6336c';
/** Darker shade for small link text on white (contrast above 7:1). */
const BRAND_DARK = '#a61e4d';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What a template needs besides its own data: known only when the mail is rendered. */
export interface RenderContext {
  siteName: string;
  /** PUBLIC_URL without a trailing slash; every link in mail is made absolute with it. */
  publicUrl: string;
}

const activationData = z.object({
  name: z.string(),
  /** Path and query of the activation link (it carries the token). */
  linkPath: z.string().startsWith('/'),
  validHours: z.number().int().positive(),
});
export type ActivationMailData = z.infer<typeof activationData>;

/** The outbox payload of a mail: who, in which language, which template, with what. */
export const mailPayloadSchema = z.discriminatedUnion('template', [
  z.object({
    to: z.email(),
    locale: z.string(),
    template: z.literal('activation'),
    data: activationData,
  }),
]);
export type MailPayload = z.infer<typeof mailPayloadSchema>;
export type MailTemplateName = MailPayload['template'];

/** Data keys that hold a secret (a token in a link), dropped from a row once it is done. */
export const SECRET_DATA_KEYS: Record<MailTemplateName, readonly string[]> = {
  activation: ['linkPath'],
};

/** The member's language when we have a template in it, else the fallback locale. */
export function mailLocale(language: string | null | undefined): Locale {
  const short = language?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(short) ? short : FALLBACK_LOCALE;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

interface ActivationTexts {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  fallback: string;
  expiry: string;
  ignore: string;
  signoff: string;
  team: string;
}

// {site}, {name} and {hours} are filled in; French keeps its no-break space before ! ? :.
const ACTIVATION: Record<Locale, ActivationTexts> = {
  en: {
    subject: 'Activate your {site} account',
    greeting: 'Hi {name},',
    intro:
      'Thank you for joining {site}! Please confirm your e-mail address to activate your account.',
    button: 'Activate my account',
    fallback: 'If the button does not work, copy this link into your browser:',
    expiry: 'The link is valid for {hours} hours and can be used once.',
    ignore:
      'Did you not sign up for {site}? Then you can safely ignore this e-mail; no account will be activated.',
    signoff: 'See you soon,',
    team: 'The {site} team',
  },
  nl: {
    subject: 'Activeer je account bij {site}',
    greeting: 'Hoi {name},',
    intro:
      'Leuk dat je je hebt aangemeld bij {site}! Bevestig je e-mailadres om je account te activeren.',
    button: 'Account activeren',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    expiry: 'De link is {hours} uur geldig en kan één keer worden gebruikt.',
    ignore:
      'Heb je je niet aangemeld bij {site}? Dan kun je deze e-mail gewoon negeren; er wordt geen account geactiveerd.',
    signoff: 'Tot snel,',
    team: 'Het team van {site}',
  },
  de: {
    subject: 'Aktiviere dein Konto bei {site}',
    greeting: 'Hallo {name},',
    intro:
      'schön, dass du dich bei {site} angemeldet hast! Bitte bestätige deine E-Mail-Adresse, um dein Konto zu aktivieren.',
    button: 'Konto aktivieren',
    fallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    expiry: 'Der Link ist {hours} Stunden lang gültig und kann einmal verwendet werden.',
    ignore:
      'Du hast dich nicht bei {site} angemeldet? Dann kannst du diese E-Mail einfach ignorieren; es wird kein Konto aktiviert.',
    signoff: 'Bis bald',
    team: 'Dein {site}-Team',
  },
  it: {
    subject: 'Attiva il tuo account su {site}',
    greeting: 'Ciao {name},',
    intro:
      'grazie per la tua iscrizione su {site}! Conferma il tuo indirizzo e-mail per attivare il tuo account.',
    button: 'Attiva il mio account',
    fallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
    expiry: 'Il link è valido per {hours} ore e si può usare una sola volta.',
    ignore:
      'Non hai creato un account su {site}? Puoi ignorare questa e-mail: nessun account verrà attivato.',
    signoff: 'A presto,',
    team: 'Il team di {site}',
  },
  fr: {
    subject: 'Activez votre compte {site}',
    greeting: 'Bonjour {name},',
    intro:
      'Merci de votre inscription sur {site}\u00a0! Veuillez confirmer votre adresse e-mail pour activer votre compte.',
    button: 'Activer mon compte',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    expiry: 'Ce lien est valable {hours}\u00a0heures et ne peut servir qu’une seule fois.',
    ignore:
      'Vous n’avez pas créé de compte sur {site}\u00a0? Ignorez simplement cet e-mail\u00a0: aucun compte ne sera activé.',
    signoff: 'À bientôt,',
    team: 'L’équipe {site}',
  },
  es: {
    subject: 'Activa tu cuenta de {site}',
    greeting: 'Hola, {name}:',
    intro:
      '¡Gracias por registrarte en {site}! Confirma tu dirección de correo electrónico para activar tu cuenta.',
    button: 'Activar mi cuenta',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    expiry: 'El enlace es válido durante {hours} horas y solo se puede usar una vez.',
    ignore:
      '¿No te has registrado en {site}? Puedes ignorar este correo; no se activará ninguna cuenta.',
    signoff: '¡Hasta pronto!',
    team: 'El equipo de {site}',
  },
  pl: {
    subject: 'Aktywuj swoje konto w serwisie {site}',
    greeting: 'Cześć {name}!',
    intro:
      'Dziękujemy za rejestrację w serwisie {site}! Potwierdź swój adres e-mail, aby aktywować konto.',
    button: 'Aktywuj konto',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    expiry: 'Link jest ważny przez {hours} godzin i można go użyć tylko raz.',
    ignore:
      'Jeśli to nie Ty zakładasz konto w serwisie {site}, po prostu zignoruj tę wiadomość – żadne konto nie zostanie aktywowane.',
    signoff: 'Do zobaczenia,',
    team: 'Zespół {site}',
  },
};

const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif;";

/** A simple, single-column layout: tables for old clients, inline styles, one language. */
function layout(locale: Locale, subject: string, siteName: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f6;">
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(subject)}" lang="${locale}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 32px;border-bottom:4px solid ${BRAND};${FONT}font-size:24px;font-weight:bold;color:${BRAND};">${escapeHtml(siteName)}</td></tr>
<tr><td style="padding:24px 32px 32px;${FONT}font-size:16px;line-height:1.5;color:#212529;">
${body}
</td></tr>
</table>
</td></tr>
</table>
</div>
</body>
</html>
`;
}

function renderActivation(
  locale: Locale,
  data: ActivationMailData,
  context: RenderContext,
): RenderedMail {
  const t = ACTIVATION[locale];
  const values = { site: context.siteName, name: data.name, hours: String(data.validHours) };
  const s = (text: string) => fill(text, values);
  // Escape the values, not the template: the texts are ours, the name is the member's.
  const h = (text: string) =>
    fill(escapeHtml(text), {
      site: escapeHtml(values.site),
      name: escapeHtml(values.name),
      hours: values.hours,
    });
  const link = `${context.publicUrl}${data.linkPath}`;
  const subject = s(t.subject);

  const text = [
    s(t.greeting),
    '',
    s(t.intro),
    '',
    // No colon after the label: French would want a space before it.
    s(t.button),
    link,
    '',
    s(t.expiry),
    '',
    s(t.ignore),
    '',
    s(t.signoff),
    s(t.team),
    '',
  ].join('\n');

  const href = escapeHtml(link);
  const small = `${FONT}font-size:14px;line-height:1.5;color:#495057;`;
  const body = `<h1 style="margin:0 0 16px;${FONT}font-size:20px;line-height:1.3;color:#212529;">${h(t.greeting)}</h1>
<p style="margin:0 0 24px;">${h(t.intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;">
<tr><td style="border-radius:6px;background-color:${BRAND};">
<a href="${href}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${h(t.button)}</a>
</td></tr>
</table>
<p style="margin:0 0 16px;">${h(t.expiry)}</p>
<p style="margin:0 0 16px;${small}">${h(t.fallback)}<br><a href="${href}" style="color:${BRAND_DARK};word-break:break-all;">${href}</a></p>
<p style="margin:0 0 24px;${small}">${h(t.ignore)}</p>
<p style="margin:0;">${h(t.signoff)}<br>${h(t.team)}</p>`;

  return { subject, text, html: layout(locale, subject, context.siteName, body) };
}

/** Renders a mail in the payload's language (falling back to English). */
export function renderMail(payload: MailPayload, context: RenderContext): RenderedMail {
  const locale = mailLocale(payload.locale);
  switch (payload.template) {
    case 'activation':
      return renderActivation(locale, payload.data, context);
  }
}
