/** The words of the certificate and the training report in the languages they are printed in. */

const en = {
  certificateTitle: 'Certificate of completion',
  certifies: 'This certifies that',
  hasCompleted: 'has completed the security awareness training',
  completedOn: 'Completed on {date}',
  subjectsCovered: 'Subjects covered',
  more: '+ {count} more',
  issuedBy: 'Issued by {company} with Vigil',
  preview: 'Preview',
  reportTitle: 'Training report — {name}',
  generatedOn: 'Generated on {date}',
  status: 'Status',
  statuses: { draft: 'Draft', scheduled: 'Scheduled', active: 'Active', completed: 'Completed' },
  firstBatch: 'First batch',
  lastBatch: 'Last batch',
  invited: 'Invited',
  bounced: 'Bounced',
  attendance: 'Attendance',
  completion: 'Completion',
  quizScore: 'Quiz score',
  notAvailable: 'N/A',
  lessons: 'Lessons',
  lesson: 'Lesson',
  sent: 'Sent',
  finished: 'Finished',
  questions: 'Questions',
  lists: 'Lists',
  list: 'List',
  employees: 'Employees',
  name: 'Name',
  email: 'Email',
  completed: 'Completed',
  showing: 'Showing {shown} of {total} employees.',
  noEmployees: 'No employees yet.',
  details: 'Lessons per employee',
  lessonRange: 'Lessons {from}–{to}',
  employee: 'Employee',
  viewedShort: 'V',
  answeredShort: 'A',
  viewed: 'viewed',
  answered: 'answered',
  done: 'done',
  notYet: 'not yet',
  page: 'Page {page} of {pages}',
};

export type ReportTexts = typeof en;

const de: ReportTexts = {
  certificateTitle: 'Abschlusszertifikat',
  certifies: 'Hiermit wird bestätigt, dass',
  hasCompleted: 'die Schulung zur Sicherheitssensibilisierung abgeschlossen hat',
  completedOn: 'Abgeschlossen am {date}',
  subjectsCovered: 'Behandelte Themen',
  more: '+ {count} weitere',
  issuedBy: 'Ausgestellt von {company} mit Vigil',
  preview: 'Vorschau',
  reportTitle: 'Schulungsbericht — {name}',
  generatedOn: 'Erstellt am {date}',
  status: 'Status',
  statuses: { draft: 'Entwurf', scheduled: 'Geplant', active: 'Aktiv', completed: 'Abgeschlossen' },
  firstBatch: 'Erster Versand',
  lastBatch: 'Letzter Versand',
  invited: 'Eingeladen',
  bounced: 'Unzustellbar',
  attendance: 'Teilnahme',
  completion: 'Abschluss',
  quizScore: 'Quiz-Ergebnis',
  notAvailable: 'k. A.',
  lessons: 'Lektionen',
  lesson: 'Lektion',
  sent: 'Gesendet',
  finished: 'Beendet',
  questions: 'Fragen',
  lists: 'Listen',
  list: 'Liste',
  employees: 'Mitarbeitende',
  name: 'Name',
  email: 'E-Mail',
  completed: 'Abgeschlossen',
  showing: '{shown} von {total} Mitarbeitenden angezeigt.',
  noEmployees: 'Noch keine Mitarbeitenden.',
  details: 'Lektionen nach Mitarbeitenden',
  lessonRange: 'Lektionen {from}–{to}',
  employee: 'Mitarbeitende',
  viewedShort: 'G',
  answeredShort: 'B',
  viewed: 'gesehen',
  answered: 'beantwortet',
  done: 'erledigt',
  notYet: 'noch nicht',
  page: 'Seite {page} von {pages}',
};

const fr: ReportTexts = {
  certificateTitle: 'Certificat de réussite',
  certifies: 'Nous certifions que',
  hasCompleted: 'a suivi la formation de sensibilisation à la sécurité',
  completedOn: 'Terminée le {date}',
  subjectsCovered: 'Sujets abordés',
  more: '+ {count} de plus',
  issuedBy: 'Délivré par {company} avec Vigil',
  preview: 'Aperçu',
  reportTitle: 'Rapport de formation — {name}',
  generatedOn: 'Généré le {date}',
  status: 'Statut',
  statuses: { draft: 'Brouillon', scheduled: 'Planifiée', active: 'Active', completed: 'Terminée' },
  firstBatch: 'Premier envoi',
  lastBatch: 'Dernier envoi',
  invited: 'Invités',
  bounced: 'Non distribués',
  attendance: 'Participation',
  completion: 'Achèvement',
  quizScore: 'Score au quiz',
  notAvailable: 'N/D',
  lessons: 'Leçons',
  lesson: 'Leçon',
  sent: 'Envoyés',
  finished: 'Terminées',
  questions: 'Questions',
  lists: 'Listes',
  list: 'Liste',
  employees: 'Employés',
  name: 'Nom',
  email: 'E-mail',
  completed: 'Terminé',
  showing: '{shown} employés affichés sur {total}.',
  noEmployees: "Aucun employé pour l'instant.",
  details: 'Leçons par employé',
  lessonRange: 'Leçons {from} à {to}',
  employee: 'Employé',
  viewedShort: 'V',
  answeredShort: 'R',
  viewed: 'vue',
  answered: 'répondue',
  done: 'fait',
  notYet: 'pas encore',
  page: 'Page {page} sur {pages}',
};

const es: ReportTexts = {
  certificateTitle: 'Certificado de finalización',
  certifies: 'Se certifica que',
  hasCompleted: 'ha completado la formación de concienciación en seguridad',
  completedOn: 'Completado el {date}',
  subjectsCovered: 'Temas tratados',
  more: '+ {count} más',
  issuedBy: 'Emitido por {company} con Vigil',
  preview: 'Vista previa',
  reportTitle: 'Informe de formación — {name}',
  generatedOn: 'Generado el {date}',
  status: 'Estado',
  statuses: { draft: 'Borrador', scheduled: 'Programada', active: 'Activa', completed: 'Completada' },
  firstBatch: 'Primer envío',
  lastBatch: 'Último envío',
  invited: 'Invitados',
  bounced: 'Rebotados',
  attendance: 'Asistencia',
  completion: 'Finalización',
  quizScore: 'Puntuación del quiz',
  notAvailable: 'N/D',
  lessons: 'Lecciones',
  lesson: 'Lección',
  sent: 'Enviados',
  finished: 'Terminadas',
  questions: 'Preguntas',
  lists: 'Listas',
  list: 'Lista',
  employees: 'Empleados',
  name: 'Nombre',
  email: 'Correo',
  completed: 'Completado',
  showing: 'Mostrando {shown} de {total} empleados.',
  noEmployees: 'Todavía no hay empleados.',
  details: 'Lecciones por empleado',
  lessonRange: 'Lecciones {from}–{to}',
  employee: 'Empleado',
  viewedShort: 'V',
  answeredShort: 'R',
  viewed: 'vista',
  answered: 'respondida',
  done: 'hecho',
  notYet: 'pendiente',
  page: 'Página {page} de {pages}',
};

const dictionaries = { en, de, fr, es } as const;
export type ReportLanguage = keyof typeof dictionaries;

/** The printed language for a requested one ('de', 'de-CH', 'DE_at' …); English when we have no texts. */
export function reportLanguage(language: string): ReportLanguage {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return base in dictionaries ? (base as ReportLanguage) : 'en';
}

export function reportTexts(language: ReportLanguage): ReportTexts {
  return dictionaries[language];
}

/** Puts values into a text's {placeholders}. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));
}

/** Intl formatters are slow to build, and a report formats thousands of cells with the same few. */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

/** Dates are printed in UTC so that a report reads the same wherever the server runs. */
export function formatDate(date: Date, language: ReportLanguage, style: 'long' | 'medium' = 'long'): string {
  const build = () => new Intl.DateTimeFormat(language, { dateStyle: style, timeZone: 'UTC' });
  return cached(`date:${language}:${style}`, build).format(date);
}

export function formatNumber(value: number, language: ReportLanguage): string {
  return cached(`number:${language}`, () => new Intl.NumberFormat(language)).format(value);
}

/** A percent figure (0–100) the way the language writes it, e.g. "42%" or "42 %". */
export function formatPercent(value: number, language: ReportLanguage): string {
  const build = () => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  return cached(`percent:${language}`, build).format(value / 100);
}
