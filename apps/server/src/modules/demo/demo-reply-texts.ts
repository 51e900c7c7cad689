import type { Locale } from '@amora/shared/constants';

/** What a fictional member of the demo answers a first message with, per member language. */
export const DEMO_REPLY_TEXTS: Record<Locale, string> = {
  en: 'Hi! Thanks for your message, nice to hear from you. What are you up to today?',
  nl: 'Hoi! Bedankt voor je bericht, leuk om van je te horen. Wat ga je vandaag doen?',
  de: 'Hallo! Danke für deine Nachricht, schön, von dir zu hören. Was machst du heute so?',
  it: 'Ciao! Grazie per il messaggio, che bello sentirti. Cosa fai di bello oggi?',
  fr: 'Salut ! Merci pour ton message, ça me fait plaisir. Tu fais quoi aujourd’hui ?',
  es: '¡Hola! Gracias por tu mensaje, me alegra saber de ti. ¿Qué haces hoy?',
  pl: 'Cześć! Dzięki za wiadomość, miło Cię słyszeć. Co dziś porabiasz?',
};
