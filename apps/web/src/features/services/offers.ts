/**
 * The ten service offerings of SPEC §2, in the order SPEC lists them. Providers, texts and addresses are
 * placeholders: an administrator of the association replaces them here (and the pictures in ./images,
 * local files, never linked from the providers' sites). `terms` decides the line under the description.
 */
import automobil from './images/automobil.svg';
import digitalisierung from './images/digitalisierung.svg';
import energie from './images/energie.svg';
import fahrradleasing from './images/fahrradleasing.svg';
import foerdermittel from './images/foerdermittel.svg';
import linkedinCoaching from './images/linkedin-coaching.svg';
import mobilitaet from './images/mobilitaet.svg';
import rechtsberatung from './images/rechtsberatung.svg';
import versicherung from './images/versicherung.svg';
import weiterbildung from './images/weiterbildung.svg';

export type OfferTerms =
  /** members quote this code when booking */
  | { kind: 'promoCode'; code: string }
  /** the member conditions apply without a code */
  | { kind: 'noCode' }
  /** special terms, arranged through the network's office first */
  | { kind: 'askNetwork' };

export interface ServiceOffer {
  id: string;
  title: string;
  description: string;
  /** the provider's page; opens in a new tab */
  url: string;
  image: string;
  imageAlt: string;
  terms: OfferTerms;
}

export const SERVICE_OFFERS: readonly ServiceOffer[] = [
  {
    id: 'weiterbildung',
    title: 'Muster Akademie – Online-Trainerausbildung',
    description:
      'Qualifizieren Sie Ihre Mitarbeitenden online zum zertifizierten Trainer bzw. zur zertifizierten ' +
      'Trainerin – flexibel neben dem Beruf, mit Live-Sessions und persönlicher Begleitung.',
    url: 'https://www.example.com/akademie',
    image: weiterbildung,
    imageAlt: 'Illustration: Doktorhut für Weiterbildung',
    terms: { kind: 'promoCode', code: 'GLAS-TRAINER-10' },
  },
  {
    id: 'versicherung',
    title: 'Muster Versicherungsmakler',
    description:
      'Betriebshaftpflicht, Transport- und Glasbruchversicherung aus einer Hand: Rahmenverträge mit ' +
      'Vorzugskonditionen für Betriebe des Flachglashandels.',
    url: 'https://www.example.com/versicherung',
    image: versicherung,
    imageAlt: 'Illustration: Schutzschild mit Haken',
    terms: { kind: 'noCode' },
  },
  {
    id: 'digitalisierung',
    title: 'Muster Digitalberatung',
    description:
      'Von der Warenwirtschaft bis zum Online-Shop: Bestandsaufnahme, Förderberatung und Umsetzung ' +
      'Ihrer Digitalisierungsprojekte durch erfahrene Beraterinnen und Berater.',
    url: 'https://www.example.com/digitalisierung',
    image: digitalisierung,
    imageAlt: 'Illustration: Bildschirm mit vernetzten Punkten',
    terms: { kind: 'noCode' },
  },
  {
    id: 'foerdermittel',
    title: 'Muster Fördermittelberatung',
    description:
      'Wir finden die passenden Förderprogramme von Bund, Ländern und EU für Investitionen, Energieeffizienz ' +
      'und Weiterbildung – und begleiten den Antrag bis zur Auszahlung.',
    url: 'https://www.example.com/foerdermittel',
    image: foerdermittel,
    imageAlt: 'Illustration: Münzen mit Euro-Zeichen',
    terms: { kind: 'noCode' },
  },
  {
    id: 'energie',
    title: 'Muster Energie',
    description:
      'Strom und Gas zu gebündelten Einkaufskonditionen, dazu eine Energieberatung für Ihre Hallen, ' +
      'Öfen und Fuhrparks.',
    url: 'https://www.example.com/energie',
    image: energie,
    imageAlt: 'Illustration: Blitz für Energie',
    terms: { kind: 'noCode' },
  },
  {
    id: 'fahrradleasing',
    title: 'Muster Dienstrad',
    description:
      'Dienstfahrräder und E-Bikes per Gehaltsumwandlung: attraktiv für Ihre Mitarbeitenden, einfach in der ' +
      'Verwaltung, inklusive Versicherung und Inspektion.',
    url: 'https://www.example.com/dienstrad',
    image: fahrradleasing,
    imageAlt: 'Illustration: Fahrrad',
    terms: { kind: 'promoCode', code: 'MARKENKREIS-RAD' },
  },
  {
    id: 'rechtsberatung',
    title: 'Muster Rechtsanwälte',
    description:
      'Beratung im Arbeits-, Vertrags- und Baurecht durch eine Kanzlei, die die Branche kennt – mit einer ' +
      'kostenfreien telefonischen Erstberatung für Mitglieder.',
    url: 'https://www.example.com/kanzlei',
    image: rechtsberatung,
    imageAlt: 'Illustration: Waage für Rechtsberatung',
    terms: { kind: 'noCode' },
  },
  {
    id: 'linkedin-coaching',
    title: 'Muster LinkedIn-Coaching',
    description:
      'Sichtbar werden bei Kunden und Fachkräften: Workshops und Einzelcoachings für Unternehmensprofile ' +
      'und persönliche Auftritte auf LinkedIn.',
    url: 'https://www.example.com/linkedin-coaching',
    image: linkedinCoaching,
    imageAlt: 'Illustration: Sprechblase mit Profil',
    terms: { kind: 'noCode' },
  },
  {
    id: 'mobilitaet',
    title: 'Muster Mobilitätsdienst',
    description:
      'Flexible Mobilitätslösungen für Ihr Unternehmen: Carsharing, Mietwagen und Mobilitätsbudgets für ' +
      'Mitarbeitende aus einer Hand.',
    url: 'https://www.example.com/mobilitaet',
    image: mobilitaet,
    imageAlt: 'Illustration: Standortmarkierung',
    terms: { kind: 'askNetwork' },
  },
  {
    id: 'automobil',
    title: 'Muster Automobilwerke',
    description:
      'Sonderkonditionen beim Kauf und Leasing von Nutz- und Firmenfahrzeugen für die Betriebe des ' +
      'Netzwerks.',
    url: 'https://www.example.com/automobil',
    image: automobil,
    imageAlt: 'Illustration: Auto',
    terms: { kind: 'askNetwork' },
  },
];
