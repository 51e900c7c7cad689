import { BRAND as BRAND_COLOURS } from '@amora/shared/brand';
import type { Locale } from '@amora/shared/constants';
import { fill } from '../../lib/locale-text.js';
import { escapeHtml } from '../../lib/plain-page.js';

/** Buttons and the header rule in the rose; small link text on white a shade deeper. */
const { color: BRAND, dark: BRAND_DARK } = BRAND_COLOURS;
export const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif;";

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

export { escapeHtml };

/** A simple, single-column layout: tables for old clients, inline styles, one language. */
export function layout(locale: Locale, subject: string, siteName: string, body: string): string {
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

/**
 * The texts of an account mail with one call to action: greeting, what happened, a
 * button with its link (also written out), how long it works, what to do when the mail
 * was not expected; the sign-off is the layout's. `{name}`-style placeholders are filled in.
 */
export interface ActionMailTexts {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  fallback: string;
  /** How long the link works; left out for links that do not expire. */
  expiry?: string;
  ignore: string;
}

/** How a mail takes leave: `see_you` unless the template says otherwise. */
export type SignOff = 'see_you' | 'regards' | 'have_fun' | 'farewell';

/** Every mail's sign-off, above the team's name: written once here, in seven languages. */
const SIGN_OFFS: Record<SignOff, Record<Locale, string>> = {
  see_you: {
    en: 'See you soon,',
    nl: 'Tot snel,',
    de: 'Bis bald',
    it: 'A presto,',
    fr: 'À bientôt,',
    es: '¡Hasta pronto!',
    pl: 'Do zobaczenia,',
  },
  regards: {
    en: 'Kind regards,',
    nl: 'Met vriendelijke groet,',
    de: 'Viele Grüße',
    it: 'Cordiali saluti,',
    fr: 'Cordialement,',
    es: 'Un saludo,',
    pl: 'Pozdrawiamy,',
  },
  have_fun: {
    en: 'Have fun,',
    nl: 'Veel plezier,',
    de: 'Viel Spaß',
    it: 'Buon divertimento,',
    fr: 'Bonnes rencontres,',
    es: 'Que lo disfrutes,',
    pl: 'Miłej zabawy,',
  },
  farewell: {
    en: 'All the best,',
    nl: 'Het allerbeste,',
    de: 'Alles Gute',
    it: 'Un caro saluto,',
    fr: 'Bien à vous,',
    es: 'Te deseamos lo mejor,',
    pl: 'Wszystkiego dobrego,',
  },
};

/** The line under the sign-off; `{site}` is the site's name. */
const TEAM: Record<Locale, string> = {
  en: 'The {site} team',
  nl: 'Het team van {site}',
  de: 'Dein {site}-Team',
  it: 'Il team di {site}',
  fr: 'L’équipe {site}',
  es: 'El equipo de {site}',
  pl: 'Zespół {site}',
};

export interface ActionMailOptions {
  signOff?: SignOff;
  /** A second, quieter link under the sign-off (an unsubscribe link, say). */
  footer?: { text: string; label: string; path: string };
}

/**
 * The greeting of a mail without the member's name (one that was empty or left out, see
 * `renderMail`): the templates' `{name}` greetings without it.
 */
export const GREETING_WITHOUT_NAME: Record<Locale, string> = {
  en: 'Hi,',
  nl: 'Hoi,',
  de: 'Hallo,',
  it: 'Ciao,',
  fr: 'Bonjour,',
  es: 'Hola:',
  pl: 'Cześć!',
};

/**
 * Renders an action mail as text and HTML. `values` fill the placeholders (`site` is
 * added from the context); they are escaped in HTML, the texts themselves are ours. A
 * greeting with `{name}` when the name is empty becomes the one without a name.
 */
export function renderActionMail(
  locale: Locale,
  texts: ActionMailTexts,
  values: Record<string, string>,
  link: { path: string },
  context: RenderContext,
  { signOff = 'see_you', footer }: ActionMailOptions = {},
): RenderedMail {
  const all = { site: context.siteName, ...values };
  const escaped = Object.fromEntries(Object.entries(all).map(([k, v]) => [k, escapeHtml(v)]));
  const s = (text: string) => fill(text, all);
  const h = (text: string) => fill(escapeHtml(text), escaped);
  const url = `${context.publicUrl}${link.path}`;
  const subject = s(texts.subject);
  const signoff = SIGN_OFFS[signOff][locale];
  const team = TEAM[locale];
  const greeting =
    texts.greeting.includes('{name}') && !values.name?.trim()
      ? GREETING_WITHOUT_NAME[locale]
      : texts.greeting;

  const text = [
    s(greeting),
    '',
    s(texts.intro),
    '',
    // No colon after the label: French would want a space before it.
    s(texts.button),
    url,
    '',
    ...(texts.expiry ? [s(texts.expiry), ''] : []),
    s(texts.ignore),
    '',
    s(signoff),
    s(team),
    '',
    ...(footer
      ? [`${s(footer.text)} ${s(footer.label)}: ${context.publicUrl}${footer.path}`, '']
      : []),
  ].join('\n');

  const href = escapeHtml(url);
  const small = `${FONT}font-size:14px;line-height:1.5;color:#495057;`;
  const body = `<h1 style="margin:0 0 16px;${FONT}font-size:20px;line-height:1.3;color:#212529;">${h(greeting)}</h1>
<p style="margin:0 0 24px;">${h(texts.intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;">
<tr><td style="border-radius:6px;background-color:${BRAND};">
<a href="${href}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${h(texts.button)}</a>
</td></tr>
</table>
${texts.expiry ? `<p style="margin:0 0 16px;">${h(texts.expiry)}</p>\n` : ''}<p style="margin:0 0 16px;${small}">${h(texts.fallback)}<br><a href="${href}" style="color:${BRAND_DARK};word-break:break-all;">${href}</a></p>
<p style="margin:0 0 24px;${small}">${h(texts.ignore)}</p>
<p style="margin:0;">${h(signoff)}<br>${h(team)}</p>${
    footer
      ? `\n<p style="margin:24px 0 0;${small}">${h(footer.text)} <a href="${escapeHtml(`${context.publicUrl}${footer.path}`)}" style="color:${BRAND_DARK};">${h(footer.label)}</a></p>`
      : ''
  }`;

  return { subject, text, html: layout(locale, subject, context.siteName, body) };
}
