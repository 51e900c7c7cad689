import type { Locale } from '@amora/shared/constants';
import { INTERESTS, type Interest } from '@amora/shared/rules/profile-fields';
import { chance, pick, randomInt, sample } from './random.js';

/**
 * First-person "about me" texts for demo members, assembled from hand-written sentences.
 *
 * Placeholders: {name}, {age} (the number), {years} (the age with its unit, e.g. "32 lata"),
 * {city}. `[[male|female]]` picks the form that agrees with the writer's gender, and a leading
 * `~` marks a sentence that only suits writers of 25 and over (it mentions years of work).
 * Sentences about the reader avoid gendered forms, since the reader may be anyone. City names
 * only appear where the plain (nominative) form is grammatical, which matters for Polish.
 */

export type AboutMeFacts = {
  name: string;
  age: number;
  city: string;
  gender: 'male' | 'female';
  /** When given, hobby sentences are taken from these interests so text and profile agree. */
  interests?: readonly string[];
};

type Phrases = {
  years: (age: number) => string;
  openings: readonly string[];
  hobbies: Record<Interest, string>;
  character: readonly string[];
  closings: readonly string[];
  /** What the member is looking for (one opens every ideal-match text). */
  seeking: readonly string[];
  /** Nice-to-haves and values. */
  extras: readonly string[];
  /** Invitations to write. */
  invitations: readonly string[];
};

const en: Phrases = {
  years: (age) => `${age} years old`,
  openings: [
    "Hi, I'm {name}, {age}, and I live in {city}.",
    "Hello from {city}! I'm {name}.",
    "I'm {name}, {years} and still curious about pretty much everything.",
    '{name} here, {age} and happily living in {city}.',
    'Hey! My name is {name} and I call {city} home.',
    "~I'm {name}. After a few very busy years at work, I'm ready to meet someone new.",
    "Nice to see you here! I'm {name}, a {age}-year-old from {city}.",
    "Hi there, I'm {name} and I've been enjoying life in {city} for a while now.",
  ],
  hobbies: {
    travel: 'I love travelling, and my bag is usually half packed for the next trip.',
    music: 'Music is always playing at my place, from old soul records to the latest hits.',
    cooking: "Cooking relaxes me; give me a free evening and I'll try out a new recipe.",
    sports: 'I enjoy sports, both playing and cheering from the sofa.',
    hiking: "On weekends you'll often find me on a hiking trail with a flask of coffee.",
    reading: 'I always have a book on the go and happily lose track of time in a good story.',
    movies: 'A film night with popcorn is my idea of a perfect Sunday.',
    art: 'I like wandering through museums and galleries, and sometimes I pick up a brush myself.',
    photography:
      'I rarely leave the house without my camera; I like capturing small everyday moments.',
    dancing: "I love dancing, whether it's a salsa class or the kitchen at midnight.",
    gaming: 'I enjoy a good video game or a board game evening with friends.',
    animals: "I'm a big animal lover, and every dog I pass in the street gets a hello from me.",
    gardening: "My garden is my little project: there's always something to plant or harvest.",
    fitness: 'I try to stay active and get to the gym a few times a week.',
    theatre: 'I love live shows, from plays to a good concert or stand-up comedy.',
    wine: 'I enjoy discovering new wines, preferably over a long dinner.',
    cycling: 'I cycle almost everywhere and like long rides in the countryside.',
    yoga: 'Yoga keeps me balanced, and I start most days with a short session.',
    fashion: 'I like fashion and enjoy putting an outfit together, but comfort always comes first.',
    technology: "I'm curious about technology and love tinkering with new gadgets.",
  },
  character: [
    'Friends describe me as warm, honest and a bit of a chatterbox.',
    "I'm easy-going, I laugh a lot and I don't take myself too seriously.",
    "I'm a morning person who likes a quiet coffee before the day starts.",
    'Honesty, good conversation and a good laugh matter a lot to me.',
    "I'm quite calm by nature, but always up for a spontaneous plan.",
    'Family and friends mean a lot to me, and I like having people around.',
    'I work hard, but I always make time for the people I care about.',
    "I'm a good listener, and I believe the little things make the biggest difference.",
  ],
  closings: [
    'Feel free to say hello!',
    'If you like what you read, send me a message.',
    'Curious? Just write to me.',
    "I'm looking forward to hearing from you.",
    "Let's see where a first chat takes us.",
    "Who knows, maybe we'll be having coffee soon.",
  ],
  seeking: [
    "I'm looking for someone kind and honest who enjoys the simple things in life.",
    "I'd love to meet someone who can make me laugh and isn't afraid to be themselves.",
    'My ideal match is open-minded, warm and curious about the world.',
    "I'm hoping to meet someone genuine and loyal who is up for an adventure now and then.",
    "I'd like to get to know someone with a good sense of fun and an open mind.",
    "I'm looking for someone to share weekend trips, long dinners and lazy Sundays with.",
    "Ideally you're positive, thoughtful and not too serious all the time.",
    "I'm searching for someone with a big heart and a good dose of patience.",
  ],
  extras: [
    'Kindness matters more to me than looks.',
    'It would be great if you like being outdoors as much as I do.',
    'Honesty and respect are very important to me.',
    'Someone who can also enjoy a quiet evening at home would be perfect.',
    "Bonus points if you can cook, or at least don't mind doing the dishes!",
    'I appreciate people who listen as well as they talk.',
    'Age is just a number; the connection is what counts.',
    'A shared love of travel would be a big plus.',
  ],
  invitations: [
    "Let's start with a coffee and see where it goes.",
    'If that sounds like you, send me a message!',
    'A walk and a good chat sounds like a great first date to me.',
    "I'm in no rush; good things take time.",
    'Write to me and tell me something about yourself.',
  ],
};

const nl: Phrases = {
  years: (age) => `${age} jaar`,
  openings: [
    'Hoi, ik ben {name}, {age} jaar en ik woon in {city}.',
    'Hallo vanuit {city}! Ik ben {name}.',
    'Ik ben {name}, {years} en nog steeds nieuwsgierig naar bijna alles.',
    '{name} hier, {age} jaar en met veel plezier woonachtig in {city}.',
    'Hé! Mijn naam is {name} en {city} is mijn thuis.',
    '~Ik ben {name}. Na een paar drukke jaren op mijn werk ben ik klaar om iemand nieuws te leren kennen.',
    'Leuk dat je mijn profiel bekijkt! Ik ben {name}, {age} jaar, uit {city}.',
    'Hoi! Ik heet {name} en ik woon al een tijdje met veel plezier in {city}.',
  ],
  hobbies: {
    travel: 'Ik reis graag en mijn tas staat meestal al half ingepakt voor de volgende trip.',
    music: 'Bij mij thuis staat altijd muziek aan, van oude soulplaten tot de nieuwste hits.',
    cooking: 'Koken ontspant me; op een vrije avond probeer ik graag een nieuw recept uit.',
    sports: 'Ik hou van sport, zowel zelf meedoen als aanmoedigen vanaf de bank.',
    hiking: 'In het weekend ben ik vaak te vinden op een wandelroute, met een thermosfles koffie.',
    reading:
      'Ik heb altijd een boek onder handen en kan me heerlijk verliezen in een goed verhaal.',
    movies: 'Een filmavond met popcorn is voor mij de perfecte zondag.',
    art: 'Ik struin graag door musea en galeries, en soms pak ik zelf een kwast.',
    photography: 'Ik ga zelden de deur uit zonder camera; ik leg graag kleine momenten vast.',
    dancing: 'Ik dans graag, of het nu op salsales is of om middernacht in de keuken.',
    gaming: 'Ik hou van een goede game of een avondje bordspellen met vrienden.',
    animals: 'Ik ben een echte dierenliefhebber en elke hond op straat krijgt een aai van me.',
    gardening: 'Mijn tuin is mijn projectje: er valt altijd wel iets te planten of te oogsten.',
    fitness: 'Ik probeer actief te blijven en ga een paar keer per week naar de sportschool.',
    theatre: 'Ik geniet van een avondje theater of een goed concert.',
    wine: 'Ik ontdek graag nieuwe wijnen, het liefst tijdens een lang diner.',
    cycling: 'Ik fiets bijna overal naartoe en maak graag lange tochten door het buitengebied.',
    yoga: 'Yoga houdt me in balans en ik begin de meeste dagen met een korte sessie.',
    fashion: 'Ik hou van mode en stel graag een leuke outfit samen, maar comfort gaat voor.',
    technology: 'Ik ben nieuwsgierig naar technologie en knutsel graag met nieuwe gadgets.',
  },
  character: [
    'Vrienden omschrijven me als warm, eerlijk en een beetje een kletskous.',
    'Ik ben makkelijk in de omgang, lach veel en neem mezelf niet al te serieus.',
    'Ik ben een ochtendmens en geniet van een rustig kopje koffie voordat de dag begint.',
    'Eerlijkheid, goede gesprekken en samen lachen vind ik belangrijk.',
    'Van nature ben ik vrij rustig, maar voor een spontaan plan ben ik altijd in.',
    'Familie en vrienden betekenen veel voor me en ik heb graag mensen om me heen.',
    'Ik werk hard, maar er is altijd tijd voor de mensen die me dierbaar zijn.',
    'Ik kan goed luisteren en geloof dat juist de kleine dingen het verschil maken.',
  ],
  closings: [
    'Stuur gerust een berichtje!',
    'Spreekt dit je aan? Stuur me dan een bericht.',
    'Nieuwsgierig geworden? Schrijf me gewoon.',
    'Ik kijk uit naar je bericht.',
    'Laten we kijken waar een eerste gesprek ons brengt.',
    'Wie weet drinken we binnenkort samen koffie.',
  ],
  seeking: [
    'Ik zoek iemand die lief en eerlijk is en kan genieten van de kleine dingen in het leven.',
    'Ik wil graag iemand ontmoeten die me aan het lachen kan maken en gewoon zichzelf is.',
    'Mijn ideale match is ruimdenkend, warm en nieuwsgierig naar de wereld.',
    'Ik hoop iemand te ontmoeten die oprecht en trouw is en af en toe zin heeft in een avontuur.',
    'Ik zou graag iemand leren kennen met gevoel voor humor en een open blik.',
    'Ik zoek een maatje voor weekendjes weg, lange etentjes en luie zondagen.',
    'Idealiter ben je positief, attent en niet altijd even serieus.',
    'Ik ben op zoek naar iemand met een groot hart en een flinke dosis geduld.',
  ],
  extras: [
    'Vriendelijkheid vind ik belangrijker dan uiterlijk.',
    'Het zou fijn zijn als je net zo graag buiten bent als ik.',
    'Eerlijkheid en respect zijn voor mij heel belangrijk.',
    'Iemand die ook kan genieten van een rustige avond thuis zou perfect zijn.',
    'Pluspunten als je kunt koken, of in elk geval niet moeilijk doet over de afwas!',
    'Ik waardeer mensen die net zo goed kunnen luisteren als praten.',
    'Leeftijd is maar een getal; het gaat om de klik.',
    'Een gedeelde liefde voor reizen zou een groot pluspunt zijn.',
  ],
  invitations: [
    'Laten we beginnen met een kop koffie en zien waar het heen gaat.',
    'Herken je jezelf hierin? Stuur me een bericht!',
    'Een wandeling en een goed gesprek lijkt me een prima eerste date.',
    'Ik heb geen haast; goede dingen hebben tijd nodig.',
    'Schrijf me en vertel iets over jezelf.',
  ],
};

const de: Phrases = {
  years: (age) => `${age} Jahre alt`,
  openings: [
    'Hallo, ich bin {name}, {age} Jahre alt und wohne in {city}.',
    'Viele Grüße aus {city}! Ich bin {name}.',
    'Ich bin {name}, {years} und immer noch neugierig auf fast alles.',
    'Hier schreibt {name}, {age} Jahre jung und in {city} zu Hause.',
    'Hey! Mein Name ist {name} und {city} ist mein Zuhause.',
    '~Ich bin {name}. Nach ein paar sehr arbeitsreichen Jahren bin ich bereit, jemanden kennenzulernen.',
    'Schön, dass du vorbeischaust! Ich bin {name}, {age}, aus {city}.',
    'Hi! Ich heiße {name} und lebe schon eine ganze Weile sehr gern in {city}.',
  ],
  hobbies: {
    travel:
      'Ich reise sehr gern, und meine Tasche ist meistens schon halb für den nächsten Trip gepackt.',
    music: 'Bei mir läuft immer Musik, von alten Soul-Platten bis zu den neuesten Songs.',
    cooking: 'Kochen entspannt mich; an freien Abenden probiere ich gern neue Rezepte aus.',
    sports: 'Ich mag Sport, egal ob selbst aktiv oder als Fan auf dem Sofa.',
    hiking:
      'Am Wochenende findet man mich oft auf einem Wanderweg, mit einer Thermoskanne Kaffee im Rucksack.',
    reading:
      'Ich habe immer ein Buch angefangen und kann mich in einer guten Geschichte völlig verlieren.',
    movies: 'Ein Filmabend mit Popcorn ist für mich der perfekte Sonntag.',
    art: 'Ich schlendere gern durch Museen und Galerien und greife manchmal selbst zum Pinsel.',
    photography:
      'Ohne Kamera gehe ich selten aus dem Haus; ich halte gern kleine Alltagsmomente fest.',
    dancing: 'Ich tanze leidenschaftlich gern, ob im Salsakurs oder um Mitternacht in der Küche.',
    gaming: 'Ich mag ein gutes Videospiel oder einen Spieleabend mit Freunden.',
    animals: 'Ich liebe Tiere, und jeder Hund auf der Straße bekommt von mir ein Hallo.',
    gardening:
      'Mein Garten ist mein kleines Projekt: Irgendetwas gibt es immer zu pflanzen oder zu ernten.',
    fitness: 'Ich halte mich gern fit und gehe ein paarmal pro Woche ins Fitnessstudio.',
    theatre: 'Ein Abend im Theater oder ein gutes Konzert machen mich glücklich.',
    wine: 'Ich entdecke gern neue Weine, am liebsten bei einem langen Abendessen.',
    cycling: 'Ich fahre fast überall mit dem Rad hin und mag lange Touren übers Land.',
    yoga: 'Yoga hält mich im Gleichgewicht, und die meisten Tage beginne ich mit einer kurzen Einheit.',
    fashion: 'Ich mag Mode und stelle gern Outfits zusammen, aber Bequemlichkeit geht vor.',
    technology: 'Technik fasziniert mich, und ich tüftle gern an neuen Gadgets herum.',
  },
  character: [
    'Freunde beschreiben mich als herzlich, ehrlich und ein bisschen gesprächig.',
    'Ich bin unkompliziert, lache viel und nehme mich selbst nicht zu ernst.',
    'Ich bin ein Morgenmensch und genieße einen ruhigen Kaffee, bevor der Tag losgeht.',
    'Ehrlichkeit, gute Gespräche und gemeinsames Lachen sind mir wichtig.',
    'Eigentlich bin ich eher ruhig, aber für spontane Pläne bin ich immer zu haben.',
    'Familie und Freunde bedeuten mir viel, und ich habe gern Menschen um mich.',
    'Ich arbeite viel, aber für die Menschen, die mir wichtig sind, nehme ich mir immer Zeit.',
    'Ich kann gut zuhören und glaube, dass gerade die kleinen Dinge den Unterschied machen.',
  ],
  closings: [
    'Schreib mir gern eine Nachricht!',
    'Wenn dir gefällt, was du liest, melde dich einfach.',
    'Neugierig geworden? Dann schreib mir.',
    'Ich freue mich auf deine Nachricht.',
    'Mal sehen, wohin uns ein erstes Gespräch führt.',
    'Wer weiß, vielleicht trinken wir bald zusammen einen Kaffee.',
  ],
  seeking: [
    'Ich suche jemanden, der liebevoll und ehrlich ist und die kleinen Dinge im Leben genießen kann.',
    'Ich möchte jemanden kennenlernen, der mich zum Lachen bringt und sich nicht verstellt.',
    'Idealerweise bist du offen, herzlich und neugierig auf die Welt.',
    'Ich hoffe, jemanden zu treffen, der aufrichtig und treu ist und ab und zu Lust auf ein Abenteuer hat.',
    'Ich würde gern jemanden mit viel Humor und einem offenen Blick auf die Welt kennenlernen.',
    'Ich suche jemanden für Wochenendausflüge, lange Abendessen und faule Sonntage.',
    'Am besten bist du positiv, aufmerksam und nicht immer ganz so ernst.',
    'Ich bin auf der Suche nach jemandem mit großem Herzen und einer guten Portion Geduld.',
  ],
  extras: [
    'Freundlichkeit ist mir wichtiger als das Aussehen.',
    'Schön wäre es, wenn du genauso gern draußen bist wie ich.',
    'Ehrlichkeit und Respekt sind mir sehr wichtig.',
    'Perfekt wäre jemand, der auch einen ruhigen Abend zu Hause genießen kann.',
    'Pluspunkte, wenn du kochen kannst oder zumindest nichts gegen den Abwasch hast!',
    'Ich schätze Menschen, die genauso gut zuhören wie reden können.',
    'Alter ist nur eine Zahl – entscheidend ist, ob die Chemie stimmt.',
    'Eine gemeinsame Leidenschaft fürs Reisen wäre ein großes Plus.',
  ],
  invitations: [
    'Lass uns mit einem Kaffee anfangen und schauen, wohin es führt.',
    'Wenn du dich hier wiedererkennst, schreib mir!',
    'Ein Spaziergang und ein gutes Gespräch wären für mich ein tolles erstes Date.',
    'Ich habe keine Eile; gute Dinge brauchen Zeit.',
    'Schreib mir und erzähl mir etwas über dich.',
  ],
};

const it: Phrases = {
  years: (age) => `${age} anni`,
  openings: [
    'Ciao, sono {name}, ho {age} anni e vivo a {city}.',
    'Un saluto da {city}! Sono {name}.',
    'Sono {name}, {years}, e sono ancora [[curioso|curiosa]] di quasi tutto.',
    'Ciao! Mi chiamo {name} e {city} è casa mia.',
    '~Sono {name}. Dopo qualche anno molto impegnativo sul lavoro, sono [[pronto|pronta]] a conoscere qualcuno di nuovo.',
    "Grazie per aver dato un'occhiata al mio profilo! Sono {name}, ho {age} anni e vivo a {city}.",
    '{name}, {years}, [[innamorato|innamorata]] della mia città, {city}.',
    'Ciao a tutti, sono {name} e da qualche anno vivo felicemente a {city}.',
  ],
  hobbies: {
    travel: 'Adoro viaggiare e la mia valigia è quasi sempre pronta per la prossima partenza.',
    music: "A casa mia c'è sempre musica, dai vecchi dischi soul alle ultime novità.",
    cooking: 'Cucinare mi rilassa: quando ho una serata libera provo volentieri una ricetta nuova.',
    sports: 'Mi piace lo sport, sia praticarlo sia tifare dal divano.',
    hiking:
      'Nel fine settimana mi trovi spesso su un sentiero di montagna con un thermos di caffè.',
    reading: 'Ho sempre un libro in lettura e mi perdo volentieri in una bella storia.',
    movies: 'Una serata film con i popcorn è la mia idea di domenica perfetta.',
    art: 'Mi piace girare per musei e gallerie, e ogni tanto prendo in mano il pennello.',
    photography:
      'Esco raramente senza macchina fotografica: mi piace catturare i piccoli momenti di ogni giorno.',
    dancing: 'Amo ballare, che sia a un corso di salsa o in cucina a mezzanotte.',
    gaming: 'Mi piace un buon videogioco o una serata di giochi da tavolo con gli amici.',
    animals: 'Amo gli animali e ogni cane che incontro per strada riceve una carezza.',
    gardening:
      "Il giardino è il mio piccolo progetto: c'è sempre qualcosa da piantare o da raccogliere.",
    fitness: 'Cerco di tenermi in forma e vado in palestra qualche volta a settimana.',
    theatre: 'Adoro una serata a teatro o un bel concerto.',
    wine: 'Mi piace scoprire vini nuovi, meglio se durante una lunga cena.',
    cycling: 'Vado quasi ovunque in bicicletta e amo i lunghi giri in campagna.',
    yoga: 'Lo yoga mi tiene in equilibrio e inizio quasi ogni giornata con una breve sessione.',
    fashion:
      'Mi piace la moda e scegliere con cura cosa indossare, ma la comodità viene prima di tutto.',
    technology:
      'Sono [[appassionato|appassionata]] di tecnologia e mi diverto a smanettare con i nuovi gadget.',
  },
  character: [
    "Gli amici mi descrivono come una persona solare, sincera e un po' chiacchierona.",
    'Sono una persona alla mano, rido molto e non mi prendo troppo sul serio.',
    'Sono [[mattiniero|mattiniera]] e mi godo un caffè in tranquillità prima di iniziare la giornata.',
    'Per me contano la sincerità, le belle conversazioni e una risata insieme.',
    'Di carattere sono piuttosto [[tranquillo|tranquilla]], ma per un programma improvvisato ci sono sempre.',
    'La famiglia e gli amici sono molto importanti per me e mi piace stare in compagnia.',
    'Lavoro sodo, ma trovo sempre tempo per le persone a cui voglio bene.',
    'So ascoltare e credo che siano le piccole cose a fare la differenza.',
  ],
  closings: [
    'Scrivimi pure!',
    'Se ti piace quello che hai letto, mandami un messaggio.',
    'Se ti va di conoscermi, scrivimi.',
    'Aspetto il tuo messaggio.',
    'Vediamo dove ci porta una prima chiacchierata.',
    'Chissà, magari presto prendiamo un caffè insieme.',
  ],
  seeking: [
    'Cerco una persona gentile e sincera, che sappia godersi le piccole cose della vita.',
    'Vorrei conoscere una persona autentica, capace di farmi ridere.',
    'La persona ideale per me è aperta, affettuosa e curiosa del mondo.',
    "Spero di incontrare una persona sincera e leale, che ogni tanto abbia voglia di un'avventura.",
    "Mi piacerebbe conoscere qualcuno con un bel senso dell'umorismo e una mente aperta.",
    'Cerco qualcuno con cui condividere gite nel fine settimana, lunghe cene e domeniche pigre.',
    'Idealmente sei una persona positiva, attenta e non sempre troppo seria.',
    'Sono alla ricerca di una persona dal cuore grande e con una buona dose di pazienza.',
  ],
  extras: [
    "Per me la gentilezza conta più dell'aspetto fisico.",
    "Sarebbe bello se amassi stare all'aria aperta quanto me.",
    'Onestà e rispetto sono fondamentali per me.',
    'Sarebbe perfetto qualcuno che sappia godersi anche una serata tranquilla a casa.',
    'Punti extra se sai cucinare, o almeno se non ti pesa lavare i piatti!',
    'Apprezzo le persone che sanno ascoltare tanto quanto parlare.',
    "L'età è solo un numero: quello che conta è l'intesa.",
    'Una passione comune per i viaggi sarebbe un grande vantaggio.',
  ],
  invitations: [
    'Iniziamo con un caffè e vediamo come va.',
    'Se ti riconosci in queste parole, scrivimi!',
    'Una passeggiata e una bella chiacchierata mi sembrano un primo appuntamento perfetto.',
    'Non ho fretta: le cose belle richiedono tempo.',
    'Scrivimi e raccontami qualcosa di te.',
  ],
};

const fr: Phrases = {
  years: (age) => `${age} ans`,
  openings: [
    "Bonjour, je m'appelle {name}, j'ai {age} ans et je vis à {city}.",
    "Bonjour à toutes et à tous ! Je suis {name} et j'habite à {city}.",
    'Je suis {name}, {years}, et toujours [[curieux|curieuse]] de presque tout.',
    "Salut ! Je m'appelle {name} et {city}, c'est chez moi.",
    '~Je suis {name}. Après quelques années très chargées au travail, je suis [[prêt|prête]] à faire de nouvelles rencontres.',
    "Merci de passer sur mon profil ! Je suis {name}, j'ai {age} ans et je vis à {city}.",
    '{name}, {years}, [[installé|installée]] à {city} depuis quelques années et très [[heureux|heureuse]] d’y vivre.',
    "Coucou ! Moi, c'est {name}, {years}, et je me sens bien à {city}.",
  ],
  hobbies: {
    travel: "J'adore voyager et mon sac est souvent à moitié prêt pour le prochain départ.",
    music:
      'Chez moi, il y a toujours de la musique, des vieux disques de soul aux dernières nouveautés.',
    cooking:
      "Cuisiner me détend : quand j'ai une soirée libre, j'aime tester une nouvelle recette.",
    sports: "J'aime le sport, autant pour en faire que pour encourager depuis le canapé.",
    hiking:
      'Le week-end, on me trouve souvent sur un sentier de randonnée avec un thermos de café.',
    reading: "J'ai toujours un livre en cours et je me perds volontiers dans une bonne histoire.",
    movies: "Une soirée cinéma à la maison avec du pop-corn, c'est mon dimanche idéal.",
    art: "J'aime flâner dans les musées et les galeries, et il m'arrive de prendre moi-même le pinceau.",
    photography:
      "Je sors rarement sans mon appareil photo : j'aime capturer les petits moments du quotidien.",
    dancing: "J'adore danser, que ce soit à un cours de salsa ou dans la cuisine à minuit.",
    gaming: "J'aime les bons jeux vidéo et les soirées jeux de société entre amis.",
    animals: "J'adore les animaux et chaque chien croisé dans la rue a droit à une caresse.",
    gardening:
      'Mon jardin est mon petit projet : il y a toujours quelque chose à planter ou à récolter.',
    fitness:
      "J'essaie de rester en forme et je vais à la salle de sport plusieurs fois par semaine.",
    theatre: "J'adore passer une soirée au théâtre ou à un bon concert.",
    wine: "J'aime découvrir de nouveaux vins, de préférence autour d'un long dîner.",
    cycling: "Je me déplace presque partout à vélo et j'adore les longues balades à la campagne.",
    yoga: 'Le yoga m’aide à garder l’équilibre et je commence la plupart de mes journées par une courte séance.',
    fashion: "J'aime la mode et composer mes tenues, mais le confort passe avant tout.",
    technology: "La technologie me passionne et j'aime bricoler avec les nouveaux gadgets.",
  },
  character: [
    'Mes amis me décrivent comme [[chaleureux|chaleureuse]], honnête et un peu [[bavard|bavarde]].',
    'Je suis facile à vivre, je ris beaucoup et je ne me prends pas trop au sérieux.',
    "Je suis du matin et j'aime savourer un café au calme avant de commencer la journée.",
    "L'honnêteté, les bonnes conversations et les fous rires comptent beaucoup pour moi.",
    'Je suis plutôt calme de nature, mais toujours [[partant|partante]] pour un plan improvisé.',
    "Ma famille et mes amis comptent énormément pour moi et j'aime être [[entouré|entourée]].",
    "Je travaille beaucoup, mais je prends toujours du temps pour les gens que j'aime.",
    'Je sais écouter et je crois que ce sont les petites choses qui font la différence.',
  ],
  closings: [
    "N'hésite pas à m'écrire !",
    'Si tu aimes ce que tu lis, envoie-moi un message.',
    "Envie d'en savoir plus ? Écris-moi.",
    'Au plaisir de te lire.',
    'Voyons où nous mène une première conversation.',
    "Qui sait, peut-être qu'on prendra bientôt un café ensemble.",
  ],
  seeking: [
    'Je cherche une personne gentille et sincère, qui sait profiter des petites choses de la vie.',
    "J'aimerais rencontrer quelqu'un qui sait me faire rire et qui reste authentique.",
    "La personne idéale pour moi est ouverte d'esprit, chaleureuse et curieuse du monde.",
    "J'espère rencontrer une personne sincère et fidèle, partante pour une aventure de temps en temps.",
    "J'aimerais faire la connaissance de quelqu'un qui a de l'humour et l'esprit ouvert.",
    "Je cherche quelqu'un avec qui partager des escapades le week-end, de longs dîners et des dimanches paresseux.",
    'Idéalement, tu es une personne positive, attentionnée et pas toujours trop sérieuse.',
    "Je suis à la recherche d'une personne au grand cœur, avec une bonne dose de patience.",
  ],
  extras: [
    "La gentillesse compte plus pour moi que l'apparence.",
    'Ce serait super si tu aimais être dehors autant que moi.',
    "L'honnêteté et le respect sont essentiels pour moi.",
    "Quelqu'un qui sait aussi apprécier une soirée tranquille à la maison serait parfait.",
    'Un bon point si tu sais cuisiner, ou au moins si la vaisselle ne te fait pas peur !',
    "J'apprécie les personnes qui savent écouter autant que parler.",
    "L'âge n'est qu'un chiffre : ce qui compte, c'est la complicité.",
    'Une passion commune pour les voyages serait un vrai plus.',
  ],
  invitations: [
    'Commençons par un café et voyons où cela nous mène.',
    'Si tu te reconnais, écris-moi !',
    'Une balade et une bonne discussion, ça me semble parfait pour un premier rendez-vous.',
    'Je ne suis pas [[pressé|pressée]] : les belles choses prennent du temps.',
    'Écris-moi et raconte-moi quelque chose sur toi.',
  ],
};

const es: Phrases = {
  years: (age) => `${age} años`,
  openings: [
    'Hola, soy {name}, tengo {age} años y vivo en {city}.',
    '¡Saludos desde {city}! Soy {name}.',
    'Soy {name}, tengo {age} años y sigo teniendo curiosidad por casi todo.',
    '¡Hola! Me llamo {name} y {city} es mi hogar.',
    '~Soy {name}. Después de unos años con mucho trabajo, estoy [[listo|lista]] para conocer a alguien nuevo.',
    '¡Gracias por pasarte por mi perfil! Soy {name}, tengo {age} años y vivo en {city}.',
    '{name}, {years}, [[enamorado|enamorada]] de mi ciudad, {city}.',
    '¡Buenas! Soy {name} y llevo unos años viviendo muy a gusto en {city}.',
  ],
  hobbies: {
    travel: 'Me encanta viajar y mi maleta casi siempre está medio hecha para la próxima escapada.',
    music:
      'En mi casa siempre suena música, desde viejos discos de soul hasta lo último que ha salido.',
    cooking: 'Cocinar me relaja: cuando tengo una tarde libre, me gusta probar recetas nuevas.',
    sports: 'Me gusta el deporte, tanto practicarlo como animar desde el sofá.',
    hiking: 'Los fines de semana suelo estar en alguna ruta de senderismo con un termo de café.',
    reading: 'Siempre tengo un libro empezado y me pierdo con gusto en una buena historia.',
    movies: 'Una noche de películas con palomitas es mi idea de un domingo perfecto.',
    art: 'Me gusta pasear por museos y galerías, y de vez en cuando me animo a pintar.',
    photography:
      'Casi nunca salgo sin mi cámara: me gusta capturar los pequeños momentos del día a día.',
    dancing: 'Me encanta bailar, ya sea en una clase de salsa o en la cocina a medianoche.',
    gaming: 'Disfruto de un buen videojuego o de una tarde de juegos de mesa con amigos.',
    animals:
      'Me encantan los animales y cada perro que me cruzo por la calle se lleva una caricia.',
    gardening: 'Mi jardín es mi pequeño proyecto: siempre hay algo que plantar o cosechar.',
    fitness: 'Intento mantenerme en forma y voy al gimnasio varias veces por semana.',
    theatre: 'Me encanta pasar una noche en el teatro o en un buen concierto.',
    wine: 'Me gusta descubrir vinos nuevos, a ser posible durante una cena larga.',
    cycling: 'Voy en bici a casi todas partes y me encantan las rutas largas por el campo.',
    yoga: 'El yoga me ayuda a mantener el equilibrio y empiezo casi todos los días con una sesión corta.',
    fashion: 'Me gusta la moda y elegir bien lo que me pongo, pero la comodidad es lo primero.',
    technology: 'La tecnología me apasiona y me divierte trastear con los nuevos gadgets.',
  },
  character: [
    'Mis amigos dicen que soy [[cariñoso|cariñosa]], [[sincero|sincera]] y un poco [[hablador|habladora]].',
    'Soy de trato fácil, me río mucho y no me tomo demasiado en serio.',
    'Soy de mañanas y disfruto de un café tranquilo antes de empezar el día.',
    'Para mí son importantes la sinceridad, las buenas conversaciones y reírse juntos.',
    'Soy [[tranquilo|tranquila]] por naturaleza, pero siempre me apunto a un plan improvisado.',
    'Mi familia y mis amigos significan mucho para mí y me gusta estar [[rodeado|rodeada]] de gente.',
    'Trabajo mucho, pero siempre saco tiempo para las personas que quiero.',
    'Sé escuchar y creo que son los pequeños detalles los que marcan la diferencia.',
  ],
  closings: [
    '¡No dudes en escribirme!',
    'Si te gusta lo que lees, mándame un mensaje.',
    '¿Te pica la curiosidad? Escríbeme.',
    'Espero tu mensaje.',
    'Veamos adónde nos lleva una primera conversación.',
    'Quién sabe, quizá pronto quedemos para tomar un café.',
  ],
  seeking: [
    'Busco a una persona amable y sincera que sepa disfrutar de las pequeñas cosas de la vida.',
    'Me gustaría conocer a alguien que me haga reír y que se muestre tal como es.',
    'Para mí, la persona ideal es abierta, cariñosa y curiosa por el mundo.',
    'Espero conocer a una persona sincera y leal, con ganas de alguna aventura de vez en cuando.',
    'Me encantaría conocer a alguien con buen sentido del humor y la mente abierta.',
    'Busco a alguien con quien compartir escapadas de fin de semana, cenas largas y domingos perezosos.',
    'Lo ideal sería una persona positiva, atenta y que no se lo tome todo demasiado en serio.',
    'Estoy buscando a una persona con un gran corazón y una buena dosis de paciencia.',
  ],
  extras: [
    'Para mí la amabilidad cuenta más que el físico.',
    'Sería genial que te gustara estar al aire libre tanto como a mí.',
    'La honestidad y el respeto son fundamentales para mí.',
    'Alguien que también sepa disfrutar de una noche tranquila en casa sería perfecto.',
    '¡Puntos extra si sabes cocinar, o al menos si no te importa fregar los platos!',
    'Valoro a las personas que saben escuchar tanto como hablar.',
    'La edad es solo un número: lo que importa es la conexión.',
    'Compartir la pasión por viajar sería un gran plus.',
  ],
  invitations: [
    'Empecemos con un café y veamos qué pasa.',
    'Si te identificas con estas líneas, ¡escríbeme!',
    'Un paseo y una buena charla me parecen una primera cita perfecta.',
    'No tengo prisa: las cosas buenas llevan su tiempo.',
    'Escríbeme y cuéntame algo de ti.',
  ],
};

/** Polish: "lata" after numbers ending in 2–4 (except 12–14), otherwise "lat". */
function polishYears(age: number): string {
  const last = age % 10;
  const lastTwo = age % 100;
  return `${age} ${last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14) ? 'lata' : 'lat'}`;
}

const pl: Phrases = {
  years: polishYears,
  openings: [
    'Cześć, jestem {name}, mam {years}, a {city} to moje miejsce na ziemi.',
    'Cześć! Mam na imię {name}, a {city} to mój dom.',
    'Jestem {name}, mam {years} i wciąż jestem [[ciekawy|ciekawa]] prawie wszystkiego.',
    'Hej! Tu {name}, mam {years} i szukam kogoś wyjątkowego.',
    '~Jestem {name}. Po kilku latach intensywnej pracy jestem [[gotowy|gotowa]] na nową znajomość.',
    'Dzięki, że zaglądasz na mój profil! Jestem {name} i mam {years}.',
    'Jestem {name}, mam {years}, a {city} to miasto, w którym czuję się jak w domu.',
    'Dzień dobry! Nazywam się {name}, a {city} od lat jest moim domem.',
  ],
  hobbies: {
    travel:
      'Uwielbiam podróżować i moja torba zwykle jest już w połowie spakowana na kolejny wyjazd.',
    music: 'U mnie w domu zawsze gra muzyka, od starych płyt z soulem po najnowsze hity.',
    cooking: 'Gotowanie mnie relaksuje – w wolny wieczór chętnie testuję nowe przepisy.',
    sports: 'Lubię sport – zarówno go uprawiać, jak i kibicować z kanapy.',
    hiking: 'W weekendy często można mnie spotkać na górskim szlaku z termosem kawy.',
    reading: 'Zawsze mam pod ręką jakąś książkę i chętnie zatracam się w dobrej historii.',
    movies: 'Wieczór filmowy z popcornem to mój przepis na idealną niedzielę.',
    art: 'Lubię spacerować po muzeach i galeriach, a czasem [[sam|sama]] sięgam po pędzel.',
    photography: 'Rzadko wychodzę z domu bez aparatu – lubię uwieczniać drobne, codzienne chwile.',
    dancing: 'Uwielbiam tańczyć, czy to na kursie salsy, czy o północy w kuchni.',
    gaming: 'Lubię dobrą grę komputerową albo wieczór z planszówkami w gronie przyjaciół.',
    animals: 'Kocham zwierzęta i nie przejdę obojętnie obok żadnego psa na ulicy.',
    gardening: 'Mój ogród to mój mały projekt – zawsze jest tam coś do posadzenia albo zebrania.',
    fitness: 'Staram się być w formie i kilka razy w tygodniu chodzę na siłownię.',
    theatre: 'Uwielbiam wieczory w teatrze i dobre koncerty.',
    wine: 'Lubię odkrywać nowe wina, najlepiej przy długiej kolacji.',
    cycling: 'Prawie wszędzie jeżdżę rowerem i uwielbiam długie wycieczki za miasto.',
    yoga: 'Joga pomaga mi zachować równowagę i większość dni zaczynam od krótkiej sesji.',
    fashion: 'Interesuję się modą i lubię dobierać stroje, ale wygoda jest dla mnie najważniejsza.',
    technology: 'Fascynuje mnie technologia i chętnie majstruję przy nowych gadżetach.',
  },
  character: [
    'Przyjaciele mówią, że jestem ciepłą, szczerą i trochę gadatliwą osobą.',
    'Jestem [[wyluzowany|wyluzowana]], dużo się śmieję i nie traktuję siebie zbyt poważnie.',
    'Jestem rannym ptaszkiem i lubię w spokoju wypić kawę, zanim zacznie się dzień.',
    'Cenię szczerość, dobre rozmowy i wspólny śmiech.',
    'Z natury jestem raczej [[spokojny|spokojna]], ale na spontaniczny plan zawsze się piszę.',
    'Rodzina i przyjaciele wiele dla mnie znaczą i lubię mieć ludzi wokół siebie.',
    'Dużo pracuję, ale zawsze znajduję czas dla bliskich mi osób.',
    'Umiem słuchać i wierzę, że to drobiazgi robią największą różnicę.',
  ],
  closings: [
    'Śmiało napisz do mnie!',
    'Jeśli spodobał Ci się mój profil, wyślij mi wiadomość.',
    'Ciekawość wzięła górę? Po prostu napisz.',
    'Czekam na Twoją wiadomość.',
    'Zobaczmy, dokąd zaprowadzi nas pierwsza rozmowa.',
    'Kto wie, może niedługo wyskoczymy razem na kawę.',
  ],
  seeking: [
    'Szukam kogoś miłego i szczerego, kto potrafi cieszyć się drobnymi rzeczami.',
    '[[Chciałbym|Chciałabym]] poznać kogoś, kto potrafi mnie rozśmieszyć i nie udaje nikogo innego.',
    'Idealna dla mnie osoba jest otwarta, ciepła i ciekawa świata.',
    'Mam nadzieję poznać kogoś szczerego i lojalnego, kto od czasu do czasu ma ochotę na przygodę.',
    '[[Chętnie poznałbym|Chętnie poznałabym]] kogoś z poczuciem humoru i otwartym umysłem.',
    'Szukam kogoś do weekendowych wypadów, długich kolacji i leniwych niedziel.',
    'Najlepiej, gdyby ta osoba była pozytywna, uważna i nie zawsze śmiertelnie poważna.',
    'Szukam osoby o wielkim sercu i ze sporą dawką cierpliwości.',
  ],
  extras: [
    'Życzliwość liczy się dla mnie bardziej niż wygląd.',
    'Byłoby super, gdyby ta osoba lubiła spędzać czas na świeżym powietrzu tak jak ja.',
    'Szczerość i szacunek są dla mnie bardzo ważne.',
    'Idealnie, jeśli potrafisz też docenić spokojny wieczór w domu.',
    'Dodatkowe punkty, jeśli umiesz gotować albo przynajmniej nie boisz się zmywania!',
    'Cenię ludzi, którzy potrafią słuchać tak samo dobrze, jak mówić.',
    'Wiek to tylko liczba – liczy się to, czy jest chemia.',
    'Wspólna pasja do podróży byłaby dużym plusem.',
  ],
  invitations: [
    'Zacznijmy od kawy i zobaczmy, co z tego wyniknie.',
    'Jeśli to brzmi jak Ty, napisz do mnie!',
    'Spacer i dobra rozmowa to dla mnie idealna pierwsza randka.',
    'Nie spieszy mi się – dobre rzeczy wymagają czasu.',
    'Napisz do mnie i opowiedz mi coś o sobie.',
  ],
};

const PHRASES: Record<Locale, Phrases> = { en, nl, de, it, fr, es, pl };

const NBSP = '\u00a0';

/** Italian "ad Ancona" before a vowel a-; French "au Mans", "aux Sables-d'Olonne". */
function cityWithPreposition(
  language: Locale,
  preposition: string,
  city: string,
  fallback: string,
): string {
  if (language === 'it' && preposition === 'a' && /^[Aa]/.test(city)) return `ad ${city}`;
  if (language === 'fr' && preposition === 'à') {
    if (city.startsWith('Le ')) return `au ${city.slice(3)}`;
    if (city.startsWith('Les ')) return `aux ${city.slice(4)}`;
  }
  return fallback.replace('{city}', city);
}

function fill(template: string, language: Locale, facts: AboutMeFacts): string {
  const phrases = PHRASES[language];
  let text = template
    .replace(/^~/, '')
    .replace(/\[\[([^|\]]*)\|([^\]]*)\]\]/g, (_, male: string, female: string) =>
      facts.gender === 'male' ? male : female,
    )
    .replace(/(?<!\p{L})(a|à) \{city\}/gu, (match, preposition: string) =>
      cityWithPreposition(language, preposition, facts.city, match),
    )
    .replaceAll('{name}', facts.name)
    .replaceAll('{years}', phrases.years(facts.age))
    .replaceAll('{age}', String(facts.age))
    .replaceAll('{city}', facts.city);
  // French typography: a non-breaking space before ! ? : ; and typographic apostrophes.
  if (language === 'fr') text = text.replace(/ ([!?:;])/g, `${NBSP}$1`).replaceAll("'", '’');
  if (language === 'it') text = text.replaceAll("'", '’');
  return text;
}

const MAX_SENTENCES = 5;

/** Sentences in a text: ends of . ! ? (French may put a non-breaking space before ! and ?). */
export function sentenceCount(text: string): number {
  return text.split(/(?<=[.!?])\s+(?=[\p{Lu}¡¿])/u).filter((s) => s.trim()).length;
}

function isInterest(value: string): value is Interest {
  return (INTERESTS as readonly string[]).includes(value);
}

/**
 * Writes a member's "personal" and "ideal_match" notes in `language`: 2–5 sentences each,
 * varied by `rnd` (pass a seeded generator for reproducible texts).
 */
export function aboutMe(
  language: Locale,
  rnd: () => number,
  facts: AboutMeFacts,
): { personal: string; ideal_match: string } {
  const phrases = PHRASES[language];
  const own = (facts.interests ?? []).filter(isInterest);
  const pool: readonly Interest[] = own.length > 0 ? own : INTERESTS;
  const hobbyCount = Math.min(pool.length, randomInt(rnd, 1, 2));
  const hobbies = sample(rnd, pool, hobbyCount).map((interest) => phrases.hobbies[interest]);

  // Some fragments hold two sentences ("Hello from Utrecht! I'm Kim."): keep each text at 2–5.
  const openings = phrases.openings.filter((o) => facts.age >= 25 || !o.startsWith('~'));
  const personal = [pick(rnd, openings), ...hobbies];
  const addIfRoom = (parts: string[], fragment: string) => {
    if (sentenceCount([...parts, fragment].join(' ')) <= MAX_SENTENCES) parts.push(fragment);
  };
  if (chance(rnd, 0.7)) addIfRoom(personal, pick(rnd, phrases.character));
  if (chance(rnd, 0.6)) addIfRoom(personal, pick(rnd, phrases.closings));

  const ideal = [pick(rnd, phrases.seeking)];
  const extras = chance(rnd, 0.8) ? randomInt(rnd, 1, 2) : 0;
  for (const extra of sample(rnd, phrases.extras, extras)) addIfRoom(ideal, extra);
  if (ideal.length === 1 || chance(rnd, 0.5)) addIfRoom(ideal, pick(rnd, phrases.invitations));

  const write = (sentences: string[]) =>
    sentences.map((sentence) => fill(sentence, language, facts)).join(' ');
  return { personal: write(personal), ideal_match: write(ideal) };
}
