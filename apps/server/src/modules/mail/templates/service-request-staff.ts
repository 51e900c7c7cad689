import type { Locale } from '@amora/shared/constants';
import {
  SERVICE_REQUEST_KINDS,
  SERVICE_REQUEST_TOPICS,
} from '@amora/shared/schemas/service-requests';
import { z } from 'zod';
import { fill } from '../../../lib/locale-text.js';
import { escapeHtml, FONT, layout } from '../mail-layout.js';
import { defineMailTemplate } from '../mail-template.js';

type Topic = (typeof SERVICE_REQUEST_TOPICS)[number];
interface StaffTexts {
  subject: { question: string; complaint: string };
  topics: Record<Topic, string>;
  topic: string;
  from: string;
  replyTo: string;
  member: string;
  notLoggedIn: string;
  language: string;
  sentThrough: string;
}

// In the support team's language (SUPPORT_LANGUAGE); {reference}, {topic}, {id} filled in.
const STAFF: Record<Locale, StaffTexts> = {
  en: {
    subject: {
      question: '[{reference}] Question: {topic}',
      complaint: '[{reference}] Complaint: {topic}',
    },
    topics: {
      account: 'Account and login',
      payment: 'Payments',
      report: 'Reporting a member',
      blocked: 'Blocked account',
      privacy: 'Privacy',
      other: 'Something else',
    },
    topic: 'Topic',
    from: 'From',
    replyTo: 'Reply to',
    member: 'Member',
    notLoggedIn: 'not logged in',
    language: 'Language',
    sentThrough: 'Sent through {site}:',
  },
  nl: {
    subject: {
      question: '[{reference}] Vraag: {topic}',
      complaint: '[{reference}] Klacht: {topic}',
    },
    topics: {
      account: 'Account en inloggen',
      payment: 'Betalingen',
      report: 'Een lid melden',
      blocked: 'Geblokkeerd account',
      privacy: 'Privacy',
      other: 'Iets anders',
    },
    topic: 'Onderwerp',
    from: 'Van',
    replyTo: 'Antwoord naar',
    member: 'Lid',
    notLoggedIn: 'niet ingelogd',
    language: 'Taal',
    sentThrough: 'Verstuurd via {site}:',
  },
  de: {
    subject: {
      question: '[{reference}] Frage: {topic}',
      complaint: '[{reference}] Beschwerde: {topic}',
    },
    topics: {
      account: 'Konto und Login',
      payment: 'Zahlungen',
      report: 'Mitglied melden',
      blocked: 'Gesperrtes Konto',
      privacy: 'Datenschutz',
      other: 'Etwas anderes',
    },
    topic: 'Thema',
    from: 'Von',
    replyTo: 'Antwort an',
    member: 'Mitglied',
    notLoggedIn: 'nicht angemeldet',
    language: 'Sprache',
    sentThrough: 'Gesendet über {site}:',
  },
  it: {
    subject: {
      question: '[{reference}] Domanda: {topic}',
      complaint: '[{reference}] Reclamo: {topic}',
    },
    topics: {
      account: 'Account e accesso',
      payment: 'Pagamenti',
      report: 'Segnalare un membro',
      blocked: 'Account bloccato',
      privacy: 'Privacy',
      other: 'Altro',
    },
    topic: 'Argomento',
    from: 'Da',
    replyTo: 'Rispondere a',
    member: 'Membro',
    notLoggedIn: 'non connesso',
    language: 'Lingua',
    sentThrough: 'Inviato tramite {site}:',
  },
  fr: {
    subject: {
      question: '[{reference}] Question\u00a0: {topic}',
      complaint: '[{reference}] Réclamation\u00a0: {topic}',
    },
    topics: {
      account: 'Compte et connexion',
      payment: 'Paiements',
      report: 'Signaler un membre',
      blocked: 'Compte bloqué',
      privacy: 'Confidentialité',
      other: 'Autre chose',
    },
    topic: 'Sujet',
    from: 'De',
    replyTo: 'Répondre à',
    member: 'Membre',
    notLoggedIn: 'non connecté',
    language: 'Langue',
    sentThrough: 'Envoyé via {site}\u00a0:',
  },
  es: {
    subject: {
      question: '[{reference}] Pregunta: {topic}',
      complaint: '[{reference}] Reclamación: {topic}',
    },
    topics: {
      account: 'Cuenta e inicio de sesión',
      payment: 'Pagos',
      report: 'Denunciar a un miembro',
      blocked: 'Cuenta bloqueada',
      privacy: 'Privacidad',
      other: 'Otra cosa',
    },
    topic: 'Tema',
    from: 'De',
    replyTo: 'Responder a',
    member: 'Miembro',
    notLoggedIn: 'sin sesión',
    language: 'Idioma',
    sentThrough: 'Enviado a través de {site}:',
  },
  pl: {
    subject: {
      question: '[{reference}] Pytanie: {topic}',
      complaint: '[{reference}] Reklamacja: {topic}',
    },
    topics: {
      account: 'Konto i logowanie',
      payment: 'Płatności',
      report: 'Zgłoszenie użytkownika',
      blocked: 'Zablokowane konto',
      privacy: 'Prywatność',
      other: 'Coś innego',
    },
    topic: 'Temat',
    from: 'Od',
    replyTo: 'Odpowiedz na',
    member: 'Użytkownik',
    notLoggedIn: 'niezalogowany',
    language: 'Język',
    sentThrough: 'Wysłano przez {site}:',
  },
};

const SENT_FROM = { question: '/pages/service', complaint: '/complaints' } as const;

/**
 * A question or complaint for the support team, at SUPPORT_EMAIL: who sent it, where to
 * answer, and the message as written (escaped in HTML, line breaks kept).
 */
export const serviceRequestStaffMail = defineMailTemplate({
  name: 'service_request_staff',
  data: z.object({
    reference: z.string(),
    kind: z.enum(SERVICE_REQUEST_KINDS),
    topic: z.enum(SERVICE_REQUEST_TOPICS),
    name: z.string(),
    email: z.string(),
    memberId: z.number().int().nullable(),
    language: z.string(),
    message: z.string(),
  }),
  secretKeys: [],
  namesSender: true,
  render: (locale, data, context) => {
    const t = STAFF[locale];
    const subject = `${fill(t.subject[data.kind], {
      reference: data.reference,
      topic: t.topics[data.topic],
    })} · ${context.siteName}`;
    const rows: [string, string][] = [
      [t.topic, t.topics[data.topic]],
      [t.from, data.name],
      [t.replyTo, data.email],
      [t.member, data.memberId === null ? t.notLoggedIn : `#${data.memberId}`],
      [t.language, data.language],
    ];
    const sentThrough = `${fill(t.sentThrough, { site: context.siteName })} ${context.publicUrl}${SENT_FROM[data.kind]}`;
    const text = [
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      data.message,
      '',
      sentThrough,
      '',
    ].join('\n');
    const cell = `${FONT}font-size:14px;padding:2px 12px 2px 0;vertical-align:top;`;
    const body = `<h1 style="margin:0 0 16px;${FONT}font-size:20px;line-height:1.3;color:#212529;">${escapeHtml(subject)}</h1>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">
${rows.map(([label, value]) => `<tr><td style="${cell}color:#495057;">${escapeHtml(label)}</td><td style="${cell}">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p style="margin:0 0 24px;white-space:pre-wrap;">${escapeHtml(data.message)}</p>
<p style="margin:0;${FONT}font-size:14px;color:#495057;">${escapeHtml(sentThrough)}</p>`;
    return { subject, text, html: layout(locale, subject, context.siteName, body) };
  },
});
