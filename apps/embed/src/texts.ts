/** The player's own texts, in the manager app's four languages; the page's `lang` picks one. */
const en = {
  loading: 'Loading video…',
  language: 'Language',
  captions: 'Captions',
  captionsOff: 'Off',
  preview: 'Preview: views are not counted',
  unsupported: 'Your browser cannot play this video.',
  keyRefused:
    'This video cannot be shown: the embed key is not valid. Ask the site owner to update the snippet.',
  originNotAllowed: 'This video cannot be shown on this website. Ask the site owner to allow this domain.',
  viewsUsedUp:
    'This video cannot be shown: all purchased views are used up. Ask the site owner to buy more views.',
  notFound: 'This video is not available.',
  tooMany: 'Too many requests. Please wait a moment and try again.',
  failed: 'The video could not be loaded. Please try again.',
  retry: 'Try again',
  logo: '{company} logo',
} as const;

export type TextKey = keyof typeof en;
type Texts = Record<TextKey, string>;

const de: Texts = {
  loading: 'Video wird geladen…',
  language: 'Sprache',
  captions: 'Untertitel',
  captionsOff: 'Aus',
  preview: 'Vorschau: Aufrufe werden nicht gezählt',
  unsupported: 'Ihr Browser kann dieses Video nicht abspielen.',
  keyRefused:
    'Dieses Video kann nicht angezeigt werden: Der Einbettungsschlüssel ist ungültig. Bitten Sie den Betreiber der Website, das Snippet zu aktualisieren.',
  originNotAllowed:
    'Dieses Video kann auf dieser Website nicht angezeigt werden. Bitten Sie den Betreiber, diese Domain zuzulassen.',
  viewsUsedUp:
    'Dieses Video kann nicht angezeigt werden: Alle gekauften Aufrufe sind verbraucht. Bitten Sie den Betreiber der Website, weitere Aufrufe zu kaufen.',
  notFound: 'Dieses Video ist nicht verfügbar.',
  tooMany: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  failed: 'Das Video konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
  retry: 'Erneut versuchen',
  logo: 'Logo von {company}',
};

const fr: Texts = {
  loading: 'Chargement de la vidéo…',
  language: 'Langue',
  captions: 'Sous-titres',
  captionsOff: 'Désactivés',
  preview: 'Aperçu : les vues ne sont pas comptées',
  unsupported: 'Votre navigateur ne peut pas lire cette vidéo.',
  keyRefused:
    "Cette vidéo ne peut pas être affichée : la clé d'intégration n'est pas valide. Demandez au propriétaire du site de mettre à jour l'extrait.",
  originNotAllowed:
    "Cette vidéo ne peut pas être affichée sur ce site. Demandez au propriétaire du site d'autoriser ce domaine.",
  viewsUsedUp:
    "Cette vidéo ne peut pas être affichée : toutes les vues achetées ont été utilisées. Demandez au propriétaire du site d'acheter d'autres vues.",
  notFound: "Cette vidéo n'est pas disponible.",
  tooMany: 'Trop de requêtes. Patientez un instant puis réessayez.',
  failed: "La vidéo n'a pas pu être chargée. Veuillez réessayer.",
  retry: 'Réessayer',
  logo: 'Logo de {company}',
};

const es: Texts = {
  loading: 'Cargando vídeo…',
  language: 'Idioma',
  captions: 'Subtítulos',
  captionsOff: 'Desactivados',
  preview: 'Vista previa: las visualizaciones no se cuentan',
  unsupported: 'Su navegador no puede reproducir este vídeo.',
  keyRefused:
    'Este vídeo no se puede mostrar: la clave de inserción no es válida. Pida al propietario del sitio que actualice el fragmento.',
  originNotAllowed:
    'Este vídeo no se puede mostrar en este sitio web. Pida al propietario del sitio que permita este dominio.',
  viewsUsedUp:
    'Este vídeo no se puede mostrar: se han agotado todas las visualizaciones compradas. Pida al propietario del sitio que compre más.',
  notFound: 'Este vídeo no está disponible.',
  tooMany: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
  failed: 'No se pudo cargar el vídeo. Inténtelo de nuevo.',
  retry: 'Reintentar',
  logo: 'Logotipo de {company}',
};

const TEXTS: Record<string, Texts> = { en, de, fr, es };

export type Translate = (key: TextKey, values?: Record<string, string>) => string;

/** Texts in the page's language by its base code, English when the player does not speak it. */
export function translator(lang: string): Translate {
  const texts = TEXTS[lang.split('-')[0] ?? ''] ?? en;
  return (key, values) => texts[key].replace(/\{(\w+)\}/g, (whole, name: string) => values?.[name] ?? whole);
}
