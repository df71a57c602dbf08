/**
 * The mails' own words in every mail language (the learner app's: English, German, French, Spanish).
 * Employees' mails are written in the employee's language; managers' mails (previews, sign-in) in
 * English. A new language adds one dictionary here and its default texts in packages/shared.
 */
import type { MailLanguage } from '@vigil/shared';

type Count = (n: number) => string;

export interface MailTexts {
  /** The grey line at the bottom of every mail. */
  sentBy: (account: string, company: string) => string;
  questions: string;
  /** The footer's links to the company's white-label help, privacy and terms pages. */
  links: { help: string; privacy: string; terms: string };
  greeting: (name: string) => string;
  greetingNoName: string;
  personalLink: string;
  minutes: (n: number) => string;
  lessons: Count;
  questionCount: Count;
  training: {
    preheaderBatch: (count: string, program: string) => string;
    preheaderReminder: (count: string, program: string) => string;
    headingBatch: string;
    headingReminder: string;
    leadBatch: (company: string, count: string, program: string) => string;
    leadReminder: (count: string, program: string) => string;
    sectionBatch: string;
    sectionReminder: string;
    buttonBatch: string;
    buttonReminder: string;
    subjectBatch: (program: string) => string;
    subjectReminder: (program: string) => string;
  };
  assessment: {
    size: (questions: string, minutes: string) => string;
    due: (date: string) => string;
    leadInvitation: (company: string, name: string, size: string) => string;
    leadReminder: (name: string, size: string) => string;
    leadAccess: (name: string, size: string) => string;
    preheaderReminder: (name: string) => string;
    headingInvitation: string;
    headingReminder: string;
    buttonStart: string;
    buttonContinue: string;
    subjectInvitation: (name: string) => string;
    subjectReminder: (name: string) => string;
    subjectAccess: (name: string) => string;
  };
  enrolment: {
    preheader: (company: string, program: string) => string;
    heading: (program: string) => string;
    lead: (company: string, program: string) => string;
    button: string;
    subject: (program: string) => string;
  };
}

const plural =
  (one: string, many: string): Count =>
  (n) =>
    `${n} ${n === 1 ? one : many}`;

const en: MailTexts = {
  sentBy: (account, company) => `Sent by ${account} security awareness for ${company}.`,
  questions: 'Questions? Write to',
  links: { help: 'Help', privacy: 'Privacy', terms: 'Terms' },
  greeting: (name) => `Hello ${name},`,
  greetingNoName: 'Hello,',
  personalLink: 'This link is personal and signs you in: please do not forward this email.',
  minutes: (n) => `${n} min`,
  lessons: plural('lesson', 'lessons'),
  questionCount: plural('question', 'questions'),
  training: {
    preheaderBatch: (count, program) => `${count} of ${program} ready for you.`,
    preheaderReminder: (count, program) => `A reminder: ${count} of ${program} left to finish.`,
    headingBatch: 'New lessons are ready for you',
    headingReminder: 'A friendly reminder',
    leadBatch: (company, count, program) =>
      `${company} has assigned you ${count} of the security training "${program}". Each takes only a few minutes: watch the video, then answer a few questions.`,
    leadReminder: (count, program) =>
      `You still have ${count} of the security training "${program}" to finish. It only takes a few minutes.`,
    sectionBatch: 'Your lessons',
    sectionReminder: 'Left to finish',
    buttonBatch: 'Start training',
    buttonReminder: 'Continue training',
    subjectBatch: (program) => `${program}: new lessons for you`,
    subjectReminder: (program) => `Reminder: ${program}`,
  },
  assessment: {
    size: (questions, minutes) => `${questions}, about ${minutes}`,
    due: (date) => ` Please finish it by ${date}.`,
    leadInvitation: (company, name, size) =>
      `${company} invites you to the security assessment "${name}": ${size}. There are no wrong people here, only honest answers: they show where training helps most.`,
    leadReminder: (name, size) => `You have not finished the security assessment "${name}" yet (${size}).`,
    leadAccess: (name, size) => `Here is your personal link to the security assessment "${name}" (${size}).`,
    preheaderReminder: (name) => `A reminder: ${name}`,
    headingInvitation: 'Your security assessment',
    headingReminder: 'A friendly reminder',
    buttonStart: 'Start the assessment',
    buttonContinue: 'Continue the assessment',
    subjectInvitation: (name) => `${name}: your security assessment`,
    subjectReminder: (name) => `Reminder: ${name}`,
    subjectAccess: (name) => `Your link to ${name}`,
  },
  enrolment: {
    preheader: (company, program) => `${company} has enrolled you in ${program}.`,
    heading: (program) => `Welcome to ${program}`,
    lead: (company, program) =>
      `${company} has enrolled you in the security-awareness training program “${program}”. Its lessons come to you by email; you can also open them any time with the button below.`,
    button: 'Open my training',
    subject: (program) => `You are enrolled in ${program}`,
  },
};

const de: MailTexts = {
  sentBy: (account, company) => `Gesendet von ${account} Security Awareness für ${company}.`,
  questions: 'Fragen? Schreiben Sie an',
  links: { help: 'Hilfe', privacy: 'Datenschutz', terms: 'Nutzungsbedingungen' },
  greeting: (name) => `Hallo ${name},`,
  greetingNoName: 'Hallo,',
  personalLink: 'Dieser Link ist persönlich und meldet Sie an: Bitte leiten Sie diese E-Mail nicht weiter.',
  minutes: (n) => `${n} Min.`,
  lessons: plural('Lektion', 'Lektionen'),
  questionCount: plural('Frage', 'Fragen'),
  training: {
    preheaderBatch: (count, program) => `${count} von ${program} warten auf Sie.`,
    preheaderReminder: (count, program) => `Eine Erinnerung: ${count} von ${program} sind noch offen.`,
    headingBatch: 'Neue Lektionen warten auf Sie',
    headingReminder: 'Eine freundliche Erinnerung',
    leadBatch: (company, count, program) =>
      `${company} hat Ihnen ${count} der Sicherheitsschulung „${program}“ zugewiesen. Jede dauert nur wenige Minuten: Sehen Sie das Video und beantworten Sie dann einige Fragen.`,
    leadReminder: (count, program) =>
      `Sie haben noch ${count} der Sicherheitsschulung „${program}“ abzuschließen. Es dauert nur wenige Minuten.`,
    sectionBatch: 'Ihre Lektionen',
    sectionReminder: 'Noch offen',
    buttonBatch: 'Schulung starten',
    buttonReminder: 'Schulung fortsetzen',
    subjectBatch: (program) => `${program}: neue Lektionen für Sie`,
    subjectReminder: (program) => `Erinnerung: ${program}`,
  },
  assessment: {
    size: (questions, minutes) => `${questions}, etwa ${minutes}`,
    due: (date) => ` Bitte schließen Sie sie bis ${date} ab.`,
    leadInvitation: (company, name, size) =>
      `${company} lädt Sie zur Sicherheitsbewertung „${name}“ ein: ${size}. Es gibt keine falschen Personen, nur ehrliche Antworten: Sie zeigen, wo Schulungen am meisten helfen.`,
    leadReminder: (name, size) =>
      `Sie haben die Sicherheitsbewertung „${name}“ noch nicht abgeschlossen (${size}).`,
    leadAccess: (name, size) =>
      `Hier ist Ihr persönlicher Link zur Sicherheitsbewertung „${name}“ (${size}).`,
    preheaderReminder: (name) => `Eine Erinnerung: ${name}`,
    headingInvitation: 'Ihre Sicherheitsbewertung',
    headingReminder: 'Eine freundliche Erinnerung',
    buttonStart: 'Bewertung starten',
    buttonContinue: 'Bewertung fortsetzen',
    subjectInvitation: (name) => `${name}: Ihre Sicherheitsbewertung`,
    subjectReminder: (name) => `Erinnerung: ${name}`,
    subjectAccess: (name) => `Ihr Link zu ${name}`,
  },
  enrolment: {
    preheader: (company, program) => `${company} hat Sie für ${program} angemeldet.`,
    heading: (program) => `Willkommen bei ${program}`,
    lead: (company, program) =>
      `${company} hat Sie für das Security-Awareness-Schulungsprogramm „${program}“ angemeldet. Die Lektionen kommen per E-Mail; Sie können sie auch jederzeit über die Schaltfläche unten öffnen.`,
    button: 'Meine Schulung öffnen',
    subject: (program) => `Sie sind für ${program} angemeldet`,
  },
};

const fr: MailTexts = {
  sentBy: (account, company) => `Envoyé par ${account} sensibilisation à la sécurité pour ${company}.`,
  questions: 'Des questions ? Écrivez à',
  links: { help: 'Aide', privacy: 'Confidentialité', terms: 'Conditions' },
  greeting: (name) => `Bonjour ${name},`,
  greetingNoName: 'Bonjour,',
  personalLink: 'Ce lien est personnel et vous connecte : merci de ne pas transférer cet e-mail.',
  minutes: (n) => `${n} min`,
  lessons: plural('leçon', 'leçons'),
  questionCount: plural('question', 'questions'),
  training: {
    preheaderBatch: (count, program) => `${count} de ${program} vous attendent.`,
    preheaderReminder: (count, program) => `Un rappel : ${count} de ${program} à terminer.`,
    headingBatch: 'De nouvelles leçons vous attendent',
    headingReminder: 'Un petit rappel',
    leadBatch: (company, count, program) =>
      `${company} vous a attribué ${count} de la formation à la sécurité « ${program} ». Chacune ne prend que quelques minutes : regardez la vidéo, puis répondez à quelques questions.`,
    leadReminder: (count, program) =>
      `Il vous reste ${count} de la formation à la sécurité « ${program} » à terminer. Cela ne prend que quelques minutes.`,
    sectionBatch: 'Vos leçons',
    sectionReminder: 'À terminer',
    buttonBatch: 'Commencer la formation',
    buttonReminder: 'Continuer la formation',
    subjectBatch: (program) => `${program} : de nouvelles leçons pour vous`,
    subjectReminder: (program) => `Rappel : ${program}`,
  },
  assessment: {
    size: (questions, minutes) => `${questions}, environ ${minutes}`,
    due: (date) => ` Merci de la terminer avant le ${date}.`,
    leadInvitation: (company, name, size) =>
      `${company} vous invite à l’évaluation de sécurité « ${name} » : ${size}. Il n’y a pas de mauvaises personnes ici, seulement des réponses sincères : elles montrent où la formation aide le plus.`,
    leadReminder: (name, size) =>
      `Vous n’avez pas encore terminé l’évaluation de sécurité « ${name} » (${size}).`,
    leadAccess: (name, size) =>
      `Voici votre lien personnel vers l’évaluation de sécurité « ${name} » (${size}).`,
    preheaderReminder: (name) => `Un rappel : ${name}`,
    headingInvitation: 'Votre évaluation de sécurité',
    headingReminder: 'Un petit rappel',
    buttonStart: 'Commencer l’évaluation',
    buttonContinue: 'Continuer l’évaluation',
    subjectInvitation: (name) => `${name} : votre évaluation de sécurité`,
    subjectReminder: (name) => `Rappel : ${name}`,
    subjectAccess: (name) => `Votre lien vers ${name}`,
  },
  enrolment: {
    preheader: (company, program) => `${company} vous a inscrit à ${program}.`,
    heading: (program) => `Bienvenue dans ${program}`,
    lead: (company, program) =>
      `${company} vous a inscrit au programme de sensibilisation à la sécurité « ${program} ». Ses leçons vous arrivent par e-mail ; vous pouvez aussi les ouvrir à tout moment avec le bouton ci-dessous.`,
    button: 'Ouvrir ma formation',
    subject: (program) => `Vous êtes inscrit à ${program}`,
  },
};

const es: MailTexts = {
  sentBy: (account, company) => `Enviado por ${account} concienciación en seguridad para ${company}.`,
  questions: '¿Preguntas? Escriba a',
  links: { help: 'Ayuda', privacy: 'Privacidad', terms: 'Términos' },
  greeting: (name) => `Hola ${name}:`,
  greetingNoName: 'Hola:',
  personalLink: 'Este enlace es personal e inicia su sesión: no reenvíe este correo.',
  minutes: (n) => `${n} min`,
  lessons: plural('lección', 'lecciones'),
  questionCount: plural('pregunta', 'preguntas'),
  training: {
    preheaderBatch: (count, program) => `${count} de ${program} le esperan.`,
    preheaderReminder: (count, program) => `Un recordatorio: le quedan ${count} de ${program}.`,
    headingBatch: 'Tiene nuevas lecciones',
    headingReminder: 'Un recordatorio amistoso',
    leadBatch: (company, count, program) =>
      `${company} le ha asignado ${count} de la formación en seguridad «${program}». Cada una lleva solo unos minutos: vea el vídeo y responda a unas preguntas.`,
    leadReminder: (count, program) =>
      `Aún le quedan ${count} de la formación en seguridad «${program}» por terminar. Solo lleva unos minutos.`,
    sectionBatch: 'Sus lecciones',
    sectionReminder: 'Por terminar',
    buttonBatch: 'Empezar la formación',
    buttonReminder: 'Continuar la formación',
    subjectBatch: (program) => `${program}: nuevas lecciones para usted`,
    subjectReminder: (program) => `Recordatorio: ${program}`,
  },
  assessment: {
    size: (questions, minutes) => `${questions}, unos ${minutes}`,
    due: (date) => ` Termínela antes del ${date}.`,
    leadInvitation: (company, name, size) =>
      `${company} le invita a la evaluación de seguridad «${name}»: ${size}. Aquí no hay personas equivocadas, solo respuestas sinceras: muestran dónde más ayuda la formación.`,
    leadReminder: (name, size) => `Aún no ha terminado la evaluación de seguridad «${name}» (${size}).`,
    leadAccess: (name, size) =>
      `Este es su enlace personal a la evaluación de seguridad «${name}» (${size}).`,
    preheaderReminder: (name) => `Un recordatorio: ${name}`,
    headingInvitation: 'Su evaluación de seguridad',
    headingReminder: 'Un recordatorio amistoso',
    buttonStart: 'Empezar la evaluación',
    buttonContinue: 'Continuar la evaluación',
    subjectInvitation: (name) => `${name}: su evaluación de seguridad`,
    subjectReminder: (name) => `Recordatorio: ${name}`,
    subjectAccess: (name) => `Su enlace a ${name}`,
  },
  enrolment: {
    preheader: (company, program) => `${company} le ha inscrito en ${program}.`,
    heading: (program) => `Bienvenido a ${program}`,
    lead: (company, program) =>
      `${company} le ha inscrito en el programa de concienciación en seguridad «${program}». Sus lecciones le llegan por correo; también puede abrirlas en cualquier momento con el botón de abajo.`,
    button: 'Abrir mi formación',
    subject: (program) => `Está inscrito en ${program}`,
  },
};

export const MAIL_TEXTS: Record<MailLanguage, MailTexts> = { en, de, fr, es };

/** The mails' own words in a language. */
export const mailTexts = (language: MailLanguage): MailTexts => MAIL_TEXTS[language];
