import { BRAND } from '@amora/shared/brand';
import type { Locale } from '@amora/shared/constants';
import { plainPage } from '../lib/plain-page.js';

interface PageTexts {
  title: string;
  text: string;
  operator: string;
}

// `MODE=production` and `MODE=demo` stay as written: they are what the operator types.
const TEXTS: Record<Locale, PageTexts> = {
  en: {
    title: 'This site is not open to visitors yet',
    text: 'This server runs as a developer’s demo, with fictional members, a published demo login and a free checkout, because its operator has not chosen a mode. It does not serve visitors who reach it through a proxy.',
    operator:
      'For the operator: set MODE=production to go live, or MODE=demo to show the demo through the proxy on purpose, and start the server again.',
  },
  nl: {
    title: 'Deze site is nog niet open voor bezoekers',
    text: 'Deze server draait als demo voor ontwikkelaars, met fictieve leden, een openbare demo-login en een gratis kassa, omdat de beheerder geen modus heeft gekozen. Bezoekers die via een proxy binnenkomen, worden niet bediend.',
    operator:
      'Voor de beheerder: zet MODE=production om live te gaan, of MODE=demo om de demo bewust via de proxy te tonen, en start de server opnieuw.',
  },
  de: {
    title: 'Diese Website ist noch nicht für Besucher geöffnet',
    text: 'Dieser Server läuft als Entwickler-Demo mit fiktiven Mitgliedern, einem öffentlich bekannten Demo-Login und einer kostenlosen Kasse, weil sein Betreiber keinen Modus gewählt hat. Besucher, die über einen Proxy kommen, bedient er nicht.',
    operator:
      'Für den Betreiber: Setze MODE=production, um live zu gehen, oder MODE=demo, um die Demo bewusst über den Proxy zu zeigen, und starte den Server neu.',
  },
  it: {
    title: 'Questo sito non è ancora aperto ai visitatori',
    text: 'Questo server funziona come demo per sviluppatori, con membri fittizi, un accesso demo pubblico e una cassa gratuita, perché chi lo gestisce non ha scelto una modalità. Non serve i visitatori che arrivano tramite un proxy.',
    operator:
      'Per chi gestisce il server: imposta MODE=production per andare online, oppure MODE=demo per mostrare di proposito la demo tramite il proxy, poi riavvia il server.',
  },
  fr: {
    title: 'Ce site n’est pas encore ouvert aux visiteurs',
    text: 'Ce serveur fonctionne comme une démo pour développeurs, avec des membres fictifs, un identifiant de démo public et un paiement gratuit, car son exploitant n’a pas choisi de mode. Il ne sert pas les visiteurs qui passent par un proxy.',
    operator:
      'Pour l’exploitant : définissez MODE=production pour la mise en ligne, ou MODE=demo pour montrer volontairement la démo derrière le proxy, puis redémarrez le serveur.',
  },
  es: {
    title: 'Este sitio aún no está abierto a los visitantes',
    text: 'Este servidor funciona como una demo para desarrolladores, con miembros ficticios, un acceso de demo público y un pago gratuito, porque quien lo gestiona no ha elegido un modo. No atiende a los visitantes que llegan a través de un proxy.',
    operator:
      'Para quien gestiona el servidor: define MODE=production para publicarlo, o MODE=demo para mostrar la demo a través del proxy a propósito, y vuelve a iniciar el servidor.',
  },
  pl: {
    title: 'Ta strona nie jest jeszcze otwarta dla odwiedzających',
    text: 'Ten serwer działa jako wersja demonstracyjna dla programistów, z fikcyjnymi użytkownikami, publicznie znanym loginem demo i darmową kasą, ponieważ jego administrator nie wybrał trybu. Nie obsługuje odwiedzających, którzy łączą się przez serwer proxy.',
    operator:
      'Dla administratora: ustaw MODE=production, aby uruchomić serwis, albo MODE=demo, aby celowo pokazać demo przez proxy, i uruchom serwer ponownie.',
  },
};

/** The setting names in the text, marked as code so they read as what is typed. */
const marked = (text: string) => text.replace(/MODE=(production|demo)/g, '<code>$&</code>');

/** The short page an inferred demo answers a visitor who came through a proxy (403). */
export function demoBehindProxyPage(locale: Locale): string {
  const texts = TEXTS[locale];
  return plainPage({
    lang: locale,
    title: texts.title,
    style: `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:2rem 1rem;color:#212529;background:${BRAND.background}}
h1{color:${BRAND.dark};font-size:1.5rem;line-height:1.25}
code{background:#fff;border:1px solid #dee2e6;border-radius:.25rem;padding:0 .25rem}
@media (prefers-color-scheme:dark){body{color:#e9ecef;background:#1b1a1c}h1{color:#f28cb1}code{background:#2b2a2d;border-color:#495057}}`,
    body: `<h1>${texts.title}</h1>
<p>${texts.text}</p>
<p>${marked(texts.operator)}</p>`,
  });
}
