import { z } from 'zod';

/**
 * The interactive subject (type 5) as the content pack authors it (content/subjects/*.json, field
 * `interactive`; content/INTERACTIVE.md explains it): one to four scenes, each a realistic mock-up of
 * an email client, a browser, a phone, a chat app or a desk. In each scene the learner taps the red
 * flags (each attached to one element of the scene), gets hints after a wrong tap, then makes one
 * decision with feedback per choice. Texts are localized (`en`, `de`, `fr` and `es` required by the
 * pack test; a language missing falls back to English); addresses, URLs and file names are the same in every language.
 */

const LText = z.object({ en: z.string().min(1) }).catchall(z.string().min(1));
const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');
const behaviourCode = z.string().regex(/^[A-Z]{2,4}-\d{1,2}$/);

export const DESK_ITEM_KINDS = [
  'monitor',
  'sticky-note',
  'badge',
  'usb-stick',
  'document',
  'printer',
  'door',
  'person',
  'phone',
  'laptop',
  'bin',
  'mug',
] as const;

/** Every element a red flag can be attached to carries an `id`, unique within its scene. */
const Element = { id: id.optional() };

/** The schemas over a text: localized as authored, or plain strings in one language as served. */
function interactiveSchemas<T extends z.ZodType<string | Record<string, string>>>(text: T) {
  /** A link: the text shown, and the real target revealed on hover, long-press or the 'show link target' button. */
  const InteractiveLink = z.object({ id: id.optional(), text: text, href: z.string().min(1) });

  /** A run of text in a message or page; a paragraph may end with a link. */
  const InteractiveParagraph = z.object({
    ...Element,
    text: text,
    link: InteractiveLink.optional(),
  });

  const InteractiveAttachment = z.object({
    ...Element,
    /** The file name, e.g. `Invoice_0419.pdf.exe`. */
    name: z.string().min(1),
    /** Shown as is, e.g. `184 KB`. */
    size: z.string().min(1),
  });

  const EmailScene = z.object({
    kind: z.literal('email'),
    /** The mailbox the scene shows (the learner's own address). */
    mailbox: z.string().min(1),
    email: z.object({
      /** The display name and the real address behind it; element ids `sender-name`, `sender-address`. */
      from: z.object({ name: text, address: z.string().min(1) }),
      /** Where replies go when it differs from the sender; element id `reply-to`. */
      replyTo: z.string().min(1).optional(),
      to: z.string().min(1),
      /** Element id `subject`. */
      subject: text,
      /** Shown as is, e.g. `Mon 09:12`; element id `date`. */
      date: text,
      /** An external-sender banner the mail system adds; element id `banner`. */
      banner: text.optional(),
      body: z.array(InteractiveParagraph).min(1),
      attachments: z.array(InteractiveAttachment).default([]),
    }),
  });

  const BrowserScene = z.object({
    kind: z.literal('browser'),
    /** The tab's title. */
    tab: text,
    /** The full address; element id `address`. Its host is shown in bold as browsers do. */
    url: z.string().min(1),
    /** Padlock state; element id `padlock`. */
    secure: z.boolean(),
    page: z.object({
      /** The brand shown at the page's top (a made-up company's name); element id `brand`. */
      brand: z.string().min(1),
      heading: text,
      body: z.array(InteractiveParagraph).default([]),
      /** A login (or payment) form; element id `form`, each field its own id. */
      form: z
        .object({
          fields: z.array(z.object({ ...Element, label: text, type: z.enum(['text', 'password']) })).min(1),
          submit: text,
        })
        .optional(),
      /** A pop-up or banner over the page; element id `popup`. */
      popup: text.optional(),
    }),
  });

  /** One message in a phone or chat thread. */
  const InteractiveMessage = z.object({
    ...Element,
    /** `them`: the other side (or the named author in a chat); `me`: the learner. */
    from: z.enum(['them', 'me']),
    text: text,
    link: InteractiveLink.optional(),
    /** Shown as is, e.g. `09:41`. */
    time: z.string().optional(),
  });

  const PhoneScene = z.object({
    kind: z.literal('phone'),
    app: z.enum(['sms', 'messenger', 'call']),
    /** Who writes or calls: the name shown and the number; element ids `contact-name`, `contact-number`. */
    contact: z.object({ name: text, number: z.string().min(1) }),
    /** SMS and messenger threads. */
    messages: z.array(InteractiveMessage).default([]),
    /** A QR code in the thread (a picture sent, a poster); element `qr`; the target as its text alternative. */
    qr: z.object({ ...Element, caption: text, target: z.string().min(1) }).optional(),
    /** A call, as its transcript: `them` is the caller. */
    transcript: z.array(InteractiveMessage).default([]),
  });

  const ChatScene = z.object({
    kind: z.literal('chat'),
    /** The workspace and the channel or direct-message name. */
    workspace: z.string().min(1),
    channel: text,
    /** The other person: name, title, and whether the app marks them external; element ids `author`, `external`. */
    author: z.object({ name: z.string().min(1), title: text.optional(), external: z.boolean() }),
    messages: z.array(InteractiveMessage.extend({ attachment: InteractiveAttachment.optional() })).min(1),
  });

  const DeskScene = z.object({
    kind: z.literal('desk'),
    /** Where the scene is, e.g. "Open-plan office, 12:30". */
    place: text,
    /** The things in the scene, drawn in order; each is tappable and labelled. */
    items: z
      .array(
        z.object({
          id,
          kind: z.enum(DESK_ITEM_KINDS),
          /** The item's name, read by screen readers and shown under it. */
          label: text,
          /** What it shows or says when looked at (a note's text, a screen's content). */
          text: text.optional(),
        }),
      )
      .min(2)
      .max(10),
  });

  const InteractiveFlag = z.object({
    id,
    /** The element of the scene the flag is on (see each scene's element ids). */
    element: id,
    /** A short name, shown once found and in the manager's statistics, e.g. "Look-alike domain". */
    label: text,
    /** Why it is a red flag, shown when found and in the summary. */
    explanation: text,
    /** The key behaviour it trains (a code of the subject's threat area). */
    behaviour: behaviourCode,
  });

  const InteractiveChoice = z.object({
    id,
    label: text,
    correct: z.boolean(),
    feedback: text,
  });

  const sceneCommon = {
    id,
    /** The situation the learner is put in, shown above the mock-up. */
    situation: text,
    flags: z.array(InteractiveFlag).min(1).max(8),
    /** Shown one after another after wrong taps (an element with no flag). */
    hints: z.array(text).min(1),
    decision: z.object({
      question: text,
      choices: z.array(InteractiveChoice).min(2).max(4),
      /** The key behaviour the decision trains, if any (e.g. reporting). */
      behaviour: behaviourCode.optional(),
    }),
  };

  const InteractiveScene = z.discriminatedUnion('kind', [
    EmailScene.extend(sceneCommon),
    BrowserScene.extend(sceneCommon),
    PhoneScene.extend(sceneCommon),
    ChatScene.extend(sceneCommon),
    DeskScene.extend(sceneCommon),
  ]);

  /** The `interactive` field of a type-5 subject. */
  const InteractiveBody = z.object({
    /** The threat area the subject trains (content/threat-areas). */
    threatArea: id,
    /** The key behaviours it trains; every flag's behaviour is among them. */
    behaviours: z.array(behaviourCode).min(1),
    scenes: z.array(InteractiveScene).min(1).max(4),
  });
  return { InteractiveBody, InteractiveScene, InteractiveFlag, InteractiveLink };
}

const authored = interactiveSchemas(LText);
export const InteractiveBody = authored.InteractiveBody;
export const InteractiveScene = authored.InteractiveScene;
export type InteractiveBody = z.infer<typeof InteractiveBody>;
export type InteractiveScene = z.infer<typeof InteractiveScene>;
export type InteractiveSceneKind = InteractiveScene['kind'];
export type InteractiveFlag = z.infer<typeof authored.InteractiveFlag>;

/** An interactive subject as the player gets it: every text in the learner's language. */
const served = interactiveSchemas(z.string());
export const LocalizedInteractive = served.InteractiveBody;
export type LocalizedInteractive = z.infer<typeof LocalizedInteractive>;
export type LocalizedScene = z.infer<typeof served.InteractiveScene>;
export type LocalizedFlag = z.infer<typeof served.InteractiveFlag>;
export type LocalizedLink = z.infer<typeof served.InteractiveLink>;

/** Every localized text of an authored subject in `lang` (English where `lang` is missing). */
export function localizeInteractive(body: InteractiveBody, lang: string): LocalizedInteractive {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.en === 'string') return (record[lang] as string | undefined) ?? record.en;
      return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, walk(v)]));
    }
    return value;
  };
  return walk(body) as LocalizedInteractive;
}

/**
 * The ids of the elements a scene draws (and so a flag can be on): the fixed ones its fields give
 * (e.g. `sender-address`, `address`) and every id the author set on a paragraph, link, message,
 * attachment, field or item. The pack test checks each flag's element is among them.
 */
export function interactiveElements(scene: InteractiveScene | LocalizedScene): string[] {
  const ids: (string | undefined)[] = [];
  const paragraphs = (list: { id?: string; link?: { id?: string } }[]) =>
    list.forEach((p) => ids.push(p.id, p.link?.id));
  switch (scene.kind) {
    case 'email': {
      const e = scene.email;
      ids.push('sender-name', 'sender-address', 'subject', 'date');
      if (e.replyTo) ids.push('reply-to');
      if (e.banner) ids.push('banner');
      paragraphs(e.body);
      e.attachments.forEach((a) => ids.push(a.id));
      break;
    }
    case 'browser':
      ids.push('address', 'padlock', 'brand');
      paragraphs(scene.page.body);
      if (scene.page.form) ids.push('form', ...scene.page.form.fields.map((f) => f.id));
      if (scene.page.popup) ids.push('popup');
      break;
    case 'phone':
      ids.push('contact-name', 'contact-number');
      paragraphs(scene.messages);
      paragraphs(scene.transcript);
      if (scene.qr) ids.push(scene.qr.id ?? 'qr');
      break;
    case 'chat':
      ids.push('author');
      if (scene.author.external) ids.push('external');
      scene.messages.forEach((m) => ids.push(m.id, m.link?.id, m.attachment?.id));
      break;
    case 'desk':
      ids.push(...scene.items.map((i) => i.id));
      break;
  }
  return ids.filter((i): i is string => i !== undefined);
}

/** POST /api/learner/interactive: one scene of an interactive subject completed — the flags found, the choice. */
export const InteractiveResultInput = z.object({
  trainingId: z.uuid(),
  subjectId: z.string().min(1).max(100),
  scene: id.max(100),
  found: z.array(id.max(100)).max(8),
  choice: id.max(100),
});
export type InteractiveResultInput = z.infer<typeof InteractiveResultInput>;

/**
 * GET /companies/{id}/automations/{trainingId}/lessons/{subjectId}/flags: how the employees who
 * completed each scene did — per red flag how many found and missed it, per decision how many chose
 * right. Figures only, never who (the same under anonymous tracking).
 */
export const InteractiveFlagStats = z.object({
  subjectId: z.string(),
  scenes: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      /** Employees who completed the scene. */
      completed: z.number(),
      /** Of them, how many made the right choice. */
      rightChoice: z.number(),
      flags: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          behaviour: z.string(),
          found: z.number(),
          missed: z.number(),
          /** Whole per cent of `completed` who missed it; null before anyone completed the scene. */
          missedPercent: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type InteractiveFlagStats = z.infer<typeof InteractiveFlagStats>;

/** Whole per cent of `part` in `whole`; null for no whole. */
export const missedPercent = (missed: number, completed: number) =>
  completed === 0 ? null : Math.round((missed / completed) * 100);
