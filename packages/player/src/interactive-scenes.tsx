import type { LocalizedLink, LocalizedScene } from '@vigil/shared';
import { createContext, useContext, useId, useRef, useState, type ReactNode } from 'react';
import { CheckIcon, Svg } from './icons.tsx';
import { usePlayer } from './player-context.ts';

/**
 * The five mock-ups of an interactive subject (email client, browser, phone, chat app, desk), drawn with
 * HTML, CSS and small inline SVG. Every element a learner may suspect is a button (a "hotspot"): a tap,
 * a click or Enter/Space taps it. A link shows its real target on hover, on a long press, and with its
 * 'Show link target' button (the text alternative); a QR code likewise.
 */
interface SceneTaps {
  tap: (element: string) => void;
  found: (element: string) => boolean;
  /** Taps are taken only while the learner is looking for flags. */
  active: boolean;
}

const Taps = createContext<SceneTaps>({ tap: () => undefined, found: () => false, active: false });

export function SceneMockup({ scene, taps }: { scene: LocalizedScene; taps: SceneTaps }) {
  return (
    <Taps value={taps}>
      <div className={`mock mock-${scene.kind}`} data-testid="interactive-mockup">
        {scene.kind === 'email' && <EmailMock scene={scene} />}
        {scene.kind === 'browser' && <BrowserMock scene={scene} />}
        {scene.kind === 'phone' && <PhoneMock scene={scene} />}
        {scene.kind === 'chat' && <ChatMock scene={scene} />}
        {scene.kind === 'desk' && <DeskMock scene={scene} />}
      </div>
    </Taps>
  );
}

type Of<K extends LocalizedScene['kind']> = Extract<LocalizedScene, { kind: K }>;

/** How long a touch is held to count as a long press (and reveal a link's target). */
const LONG_PRESS_MS = 500;

/** A tappable element; `label` names it for screen readers where its text alone would not. */
function Hotspot({
  element,
  label,
  className = '',
  children,
  onLongPress,
}: {
  element: string;
  label?: string;
  className?: string;
  children: ReactNode;
  onLongPress?: () => void;
}) {
  const { text: t } = usePlayer();
  const { tap, found, active } = useContext(Taps);
  const isFound = found(element);
  const timer = useRef<number | undefined>(undefined);
  const pressed = useRef(false);
  /** A finger (or pen) is down on the element: a long press may follow. */
  const touching = useRef(false);
  const clear = () => window.clearTimeout(timer.current);
  const longPress = () => {
    pressed.current = true;
    onLongPress?.();
  };
  return (
    <button
      type="button"
      className={`hotspot ${className}${isFound ? ' is-found' : ''}`}
      data-element={element}
      aria-disabled={!active || undefined}
      onPointerDown={(e) => {
        pressed.current = false;
        touching.current = !!onLongPress && e.pointerType !== 'mouse';
        if (touching.current) timer.current = window.setTimeout(longPress, LONG_PRESS_MS);
      }}
      onPointerUp={() => {
        touching.current = false;
        clear();
      }}
      onPointerLeave={clear}
      onContextMenu={(e) => {
        if (!onLongPress) return;
        e.preventDefault();
        // A held touch is also the browser's context-menu gesture, which may cancel the pointer (and
        // so the timer) first: its event reveals the target then.
        if (touching.current && !pressed.current) {
          clear();
          longPress();
        }
      }}
      onClick={() => {
        if (pressed.current) {
          pressed.current = false;
          return;
        }
        if (active) tap(element);
      }}
    >
      {label && <span className="visually-hidden">{label}: </span>}
      {children}
      {isFound && (
        <span className="flag-mark">
          <CheckIcon size={14} />
          <span className="visually-hidden"> ({t('flagFound')})</span>
        </span>
      )}
    </button>
  );
}

/**
 * A link: its text as a hotspot, its target on hover or long press, and a button that shows it. Once
 * shown, the target is the line under the link only: the hover tip (which a tap also triggers on
 * touch screens) stays hidden so the target is not shown twice.
 */
function LinkSpot({ link, fallback }: { link: LocalizedLink; fallback: string }) {
  const { text: t } = usePlayer();
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <span className={`link-spot${shown ? ' is-shown' : ''}`}>
      <Hotspot element={link.id ?? fallback} className="mock-link" onLongPress={() => setShown(true)}>
        {link.text}
      </Hotspot>
      <span className="link-tip" aria-hidden="true">
        {link.href}
      </span>
      <button
        type="button"
        className="reveal"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? t('hideLinkTarget') : t('showLinkTarget')}
      </button>
      <span id={id} className="link-target" hidden={!shown}>
        {t('linkTarget')}: <span className="mono">{link.href}</span>
      </span>
    </span>
  );
}

function Paragraphs({
  items,
  prefix,
}: {
  items: { id?: string; text: string; link?: LocalizedLink }[];
  prefix: string;
}) {
  return items.map((p, i) => (
    <div className="mock-paragraph" key={i}>
      <Hotspot element={p.id ?? `_${prefix}-${i}`} className="mock-text">
        {p.text}
      </Hotspot>
      {p.link && <LinkSpot link={p.link} fallback={`_${prefix}-link-${i}`} />}
    </div>
  ));
}

const PaperclipIcon = () => (
  <Svg size={16}>
    <path d="M21 11.5l-8.6 8.6a5 5 0 01-7.1-7.1l8.6-8.6a3.3 3.3 0 014.7 4.7l-8.6 8.6a1.7 1.7 0 01-2.4-2.4l7.9-7.9" />
  </Svg>
);

function Attachment({ a, fallback }: { a: { id?: string; name: string; size: string }; fallback: string }) {
  const { text: t } = usePlayer();
  return (
    <Hotspot element={a.id ?? fallback} label={t('mockAttachment')} className="mock-attachment">
      <PaperclipIcon />
      <span className="mono">{a.name}</span> <span className="muted">{a.size}</span>
    </Hotspot>
  );
}

function EmailMock({ scene }: { scene: Of<'email'> }) {
  const { text: t } = usePlayer();
  const e = scene.email;
  return (
    <>
      <div className="mock-chrome" aria-hidden="true">
        <span className="dots" /> {t('mockInbox')} · {scene.mailbox}
      </div>
      <div className="email-head">
        <Hotspot element="subject" label={t('mockSubject')} className="email-subject">
          {e.subject}
        </Hotspot>
        <div className="email-row">
          <span className="avatar" aria-hidden="true">
            {initials(e.from.name)}
          </span>
          <span className="email-from">
            <span className="muted">{t('mockFrom')}</span>{' '}
            <Hotspot element="sender-name" label={t('mockSenderName')} className="strong">
              {e.from.name}
            </Hotspot>{' '}
            <Hotspot element="sender-address" label={t('mockSenderAddress')} className="mono">
              &lt;{e.from.address}&gt;
            </Hotspot>
          </span>
        </div>
        {e.replyTo && (
          <div className="email-row">
            <span className="muted">{t('mockReplyTo')}</span>{' '}
            <Hotspot element="reply-to" label={t('mockReplyTo')} className="mono">
              {e.replyTo}
            </Hotspot>
          </div>
        )}
        <div className="email-row">
          <span className="muted">{t('mockTo')}</span> <span className="mono">{e.to}</span>
          <Hotspot element="date" label={t('mockDate')} className="email-date">
            {e.date}
          </Hotspot>
        </div>
      </div>
      {e.banner && (
        <Hotspot element="banner" className="email-banner">
          {e.banner}
        </Hotspot>
      )}
      <div className="email-body">
        <Paragraphs items={e.body} prefix="body" />
      </div>
      {e.attachments.length > 0 && (
        <div className="attachments">
          {e.attachments.map((a, i) => (
            <Attachment key={i} a={a} fallback={`_attachment-${i}`} />
          ))}
        </div>
      )}
    </>
  );
}

const PadlockIcon = ({ open }: { open: boolean }) => (
  <Svg size={16}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d={open ? 'M8 11V7a4 4 0 017.5-2' : 'M8 11V7a4 4 0 018 0v4'} />
  </Svg>
);

/** The address as browsers show it: the host in bold, the rest muted. */
function Address({ url }: { url: string }) {
  const match = /^(https?:\/\/)?([^/?#]+)(.*)$/.exec(url);
  if (!match) return <>{url}</>;
  return (
    <>
      <span className="muted">{match[1]}</span>
      <strong>{match[2]}</strong>
      <span className="muted">{match[3]}</span>
    </>
  );
}

function BrowserMock({ scene }: { scene: Of<'browser'> }) {
  const { text: t } = usePlayer();
  const page = scene.page;
  return (
    <>
      <div className="mock-chrome browser-tabs" aria-hidden="true">
        <span className="dots" />
        <span className="browser-tab">{scene.tab}</span>
      </div>
      <div className="browser-bar">
        <Hotspot
          element="padlock"
          label={scene.secure ? t('mockSecure') : t('mockNotSecure')}
          className="padlock"
        >
          <PadlockIcon open={!scene.secure} />
        </Hotspot>
        <Hotspot element="address" label={t('mockAddress')} className="address mono">
          <Address url={scene.url} />
        </Hotspot>
      </div>
      <div className="browser-page">
        <Hotspot element="brand" className="page-brand">
          <Svg size={22}>
            <path d="M4 17l8-12 8 12z" />
          </Svg>
          {page.brand}
        </Hotspot>
        <h3 className="page-heading">{page.heading}</h3>
        <Paragraphs items={page.body} prefix="page" />
        {page.form && (
          <div className="page-form">
            <Hotspot element="form" label={t('mockForm')} className="form-title">
              {page.form.submit}
            </Hotspot>
            {page.form.fields.map((f, i) => (
              <Hotspot key={i} element={f.id ?? `_field-${i}`} label={t('mockField')} className="form-field">
                <span className="field-label">{f.label}</span>
                <span className="field-box" aria-hidden="true">
                  {f.type === 'password' ? '••••••••' : ''}
                </span>
              </Hotspot>
            ))}
            <span className="fake-submit" aria-hidden="true">
              {page.form.submit}
            </span>
          </div>
        )}
        {page.popup && (
          <Hotspot element="popup" className="page-popup">
            {page.popup}
          </Hotspot>
        )}
      </div>
    </>
  );
}

/** A QR code drawn from its target (a pattern, not a scannable code), with its target as text. */
function QrSpot({ qr }: { qr: { id?: string; caption: string; target: string } }) {
  const cells: ReactNode[] = [];
  let seed = [...qr.target].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  for (let y = 0; y < 21; y++)
    for (let x = 0; x < 21; x++) {
      const finder = (x < 7 && y < 7) || (x > 13 && y < 7) || (x < 7 && y > 13);
      seed = (seed * 1103515245 + 12345) >>> 0;
      const on = finder
        ? Math.max(Math.abs((x % 14) - 3), Math.abs((y % 14) - 3)) !== 2
        : (seed >>> 16) % 2 === 0;
      if (on) cells.push(<rect key={`${x}-${y}`} x={x} y={y} width="1" height="1" />);
    }
  return (
    <div className="qr">
      <LinkSpot
        link={{
          id: qr.id ?? 'qr',
          href: qr.target,
          text: qr.caption,
        }}
        fallback="qr"
      />
      <svg viewBox="-1 -1 23 23" width="120" height="120" aria-hidden="true" className="qr-code">
        <rect x="-1" y="-1" width="23" height="23" fill="#fff" />
        <g fill="#111">{cells}</g>
      </svg>
    </div>
  );
}

function Bubbles({
  items,
  prefix,
  who,
}: {
  items: Of<'phone'>['messages'];
  prefix: string;
  who: { them: string; me: string };
}) {
  return items.map((m, i) => (
    <div key={i} className={`bubble-row from-${m.from}`}>
      <div className="bubble">
        <Hotspot element={m.id ?? `_${prefix}-${i}`} label={who[m.from]} className="bubble-text">
          {m.text}
        </Hotspot>
        {m.link && <LinkSpot link={m.link} fallback={`_${prefix}-link-${i}`} />}
        {m.time && <span className="bubble-time">{m.time}</span>}
      </div>
    </div>
  ));
}

function PhoneMock({ scene }: { scene: Of<'phone'> }) {
  const { text: t } = usePlayer();
  const call = scene.app === 'call';
  return (
    <div className="phone">
      <div className="phone-status" aria-hidden="true">
        <span>9:41</span>
        <span>▮▮▮ ◔</span>
      </div>
      <div className="phone-head">
        <span className="avatar" aria-hidden="true">
          {initials(scene.contact.name)}
        </span>
        <div>
          <Hotspot element="contact-name" label={t('mockContact')} className="strong">
            {scene.contact.name}
          </Hotspot>
          <Hotspot element="contact-number" label={t('mockNumber')} className="mono small">
            {scene.contact.number}
          </Hotspot>
        </div>
        <span className="phone-app muted">
          {call ? t('mockCall') : scene.app === 'sms' ? 'SMS' : t('mockMessenger')}
        </span>
      </div>
      <div className="phone-thread">
        <Bubbles items={scene.messages} prefix="msg" who={{ them: scene.contact.name, me: t('mockYou') }} />
        {scene.qr && <QrSpot qr={scene.qr} />}
        {scene.transcript.length > 0 && (
          <div className="transcript-call">
            <p className="eyebrow">{t('mockTranscript')}</p>
            <Bubbles
              items={scene.transcript}
              prefix="call"
              who={{ them: t('mockCaller'), me: t('mockYou') }}
            />
          </div>
        )}
      </div>
    </div>
  );
}

function ChatMock({ scene }: { scene: Of<'chat'> }) {
  const { text: t } = usePlayer();
  return (
    <div className="chat">
      <div className="chat-side" aria-hidden="true">
        <strong>{scene.workspace}</strong>
        <span># {scene.channel}</span>
      </div>
      <div className="chat-main">
        <div className="chat-head"># {scene.channel}</div>
        <div className="chat-author">
          <span className="avatar square" aria-hidden="true">
            {initials(scene.author.name)}
          </span>
          <Hotspot element="author" label={t('mockAuthor')} className="strong">
            {scene.author.name}
            {scene.author.title && <span className="muted small"> · {scene.author.title}</span>}
          </Hotspot>
          {scene.author.external && (
            <Hotspot element="external" className="external-badge">
              {t('mockExternal')}
            </Hotspot>
          )}
        </div>
        {scene.messages.map((m, i) => (
          <div key={i} className={`chat-message from-${m.from}`}>
            <Hotspot
              element={m.id ?? `_chat-${i}`}
              label={m.from === 'me' ? t('mockYou') : scene.author.name}
              className="mock-text"
            >
              {m.time && <span className="muted small">{m.time} </span>}
              {m.text}
            </Hotspot>
            {m.link && <LinkSpot link={m.link} fallback={`_chat-link-${i}`} />}
            {m.attachment && <Attachment a={m.attachment} fallback={`_chat-attachment-${i}`} />}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Small drawings of the desk's things, in one line style. */
const DESK_ICONS: Record<Of<'desk'>['items'][number]['kind'], ReactNode> = {
  monitor: <path d="M3 4h18v12H3zM8 20h8M12 16v4" />,
  'sticky-note': <path d="M4 4h16v11l-5 5H4zM15 20v-5h5" />,
  badge: <path d="M6 3h12v18H6zM9 8h6M9 16h6M12 11a1.5 1.5 0 100 .1" />,
  'usb-stick': <path d="M8 9h8v12H8zM10 3h4v6h-4zM11 5h0M13 5h0" />,
  document: <path d="M6 3h9l4 4v14H6zM9 12h7M9 16h7M9 8h4" />,
  printer: <path d="M6 9V3h12v6M6 18H4v-7h16v7h-2M7 14h10v7H7z" />,
  door: <path d="M5 21V3h14v18M3 21h18M15 12h0" />,
  person: <path d="M12 11a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0" />,
  phone: <path d="M7 2h10v20H7zM11 18h2" />,
  laptop: <path d="M5 5h14v10H5zM2 19h20l-2-4H4z" />,
  bin: <path d="M4 6h16M9 6V3h6v3M6 6l1 15h10l1-15" />,
  mug: <path d="M5 8h11v9a4 4 0 01-4 4H9a4 4 0 01-4-4zM16 10h2a2 2 0 010 4h-2" />,
};

function DeskMock({ scene }: { scene: Of<'desk'> }) {
  return (
    <>
      <div className="mock-chrome" aria-hidden="true">
        {scene.place}
      </div>
      <ul className="desk">
        {scene.items.map((item) => (
          <li key={item.id}>
            <Hotspot element={item.id} className={`desk-item desk-${item.kind}`}>
              <Svg size={40}>{DESK_ICONS[item.kind]}</Svg>
              <span className="strong">{item.label}</span>
              {item.text && <span className="desk-text">{item.text}</span>}
            </Hotspot>
          </li>
        ))}
      </ul>
    </>
  );
}

function initials(name: string): string {
  return name
    .split(/[\s–-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
