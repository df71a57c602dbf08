/** The player's own texts, in the manager app's four languages; the page's `lang` picks one. */
const en = {
  loading: 'Loading video…',
  language: 'Language',
  captions: 'Captions',
  captionsOff: 'Off',
  preview: 'Preview: views are not counted',
  unsupported: 'Your browser cannot play this video.',
  // As PPV_MESSAGES (packages/shared/src/ppv.ts) says them; texts.test.ts holds them equal.
  keyRefused: 'This video is not available: the embed key is unknown or disabled.',
  originNotAllowed: 'This video cannot be played on this site.',
  snippetInactive: 'This video is not available for embedding.',
  viewsUsedUp: 'This video cannot be played: all purchased views have been used.',
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
  keyRefused: 'Dieses Video ist nicht verfügbar: Der Einbettungsschlüssel ist unbekannt oder deaktiviert.',
  originNotAllowed: 'Dieses Video kann auf dieser Website nicht abgespielt werden.',
  snippetInactive: 'Dieses Video ist nicht zum Einbetten freigegeben.',
  viewsUsedUp: 'Dieses Video kann nicht abgespielt werden: Alle gekauften Aufrufe sind verbraucht.',
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
  keyRefused: "Cette vidéo n'est pas disponible : la clé d'intégration est inconnue ou désactivée.",
  originNotAllowed: 'Cette vidéo ne peut pas être lue sur ce site.',
  snippetInactive: "Cette vidéo n'est pas disponible pour l'intégration.",
  viewsUsedUp: 'Cette vidéo ne peut pas être lue : toutes les vues achetées ont été utilisées.',
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
  keyRefused: 'Este vídeo no está disponible: la clave de inserción es desconocida o está desactivada.',
  originNotAllowed: 'Este vídeo no se puede reproducir en este sitio.',
  snippetInactive: 'Este vídeo no está disponible para insertar.',
  viewsUsedUp: 'Este vídeo no se puede reproducir: se han usado todas las visualizaciones compradas.',
  tooMany: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
  failed: 'No se pudo cargar el vídeo. Inténtelo de nuevo.',
  retry: 'Reintentar',
  logo: 'Logotipo de {company}',
};

const TEXTS: Record<string, Texts> = { en, de, fr, es };

export type Translate = (key: TextKey, values?: Record<string, string>) => string;

/** Texts in the page's language by its base code, English when the player does not speak it. */
export const TEXTS_BY_LANGUAGE = TEXTS;

export function translator(lang: string): Translate {
  const texts = TEXTS[lang.split('-')[0] ?? ''] ?? en;
  return (key, values) => texts[key].replace(/\{(\w+)\}/g, (whole, name: string) => values?.[name] ?? whole);
}
