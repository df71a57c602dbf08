#!/usr/bin/env node
// Draws the subjects' illustrations (content/media/thumbs/<id>.svg, 480×270) in one flat style: the
// product's greens, an amber accent and red for danger, on a light green ground; no words, so one file
// serves every language. Each subject's alternative text is its `thumbAlt` in content/subjects.
//
//   node scripts/make-illustrations.mjs            every subject named below
//   node scripts/make-illustrations.mjs tailgating only the named ones
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../content/media/thumbs');

const C = {
  ground: '#ebfbee',
  blob: '#d3f9d8',
  green: '#2f9e44',
  dark: '#1b4332',
  mid: '#40c057',
  amber: '#f59f00',
  red: '#e03131',
  white: '#ffffff',
  grey: '#dee2e6',
  ink: '#495057',
  skin: '#f2c9a0',
  blue: '#1c7ed6',
};

const g = (x, y, s, body) =>
  `<g transform="translate(${x} ${y})${s === 1 ? '' : ` scale(${s})`}">${body}</g>`;
const rect = (x, y, w, h, fill, rx = 0) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"/>`;
const circle = (cx, cy, r, fill) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
const path_ = (d, fill, stroke, width) =>
  `<path d="${d}" fill="${fill ?? 'none'}"${stroke ? ` stroke="${stroke}" stroke-width="${width ?? 4}" stroke-linecap="round" stroke-linejoin="round"` : ''}/>`;
/** Grey text lines standing for words. */
const lines = (x, y, w, n, fill = C.grey, gap = 12) =>
  Array.from({ length: n }, (_, i) => rect(x, y + i * gap, i === n - 1 ? w * 0.6 : w, 6, fill, 3)).join('');

// ---- Objects, each drawn around its own origin (top left), roughly 100 units wide at scale 1. ----
const envelope = (fill = C.white) =>
  rect(0, 0, 120, 80, fill, 8) + path_('M6 8 L60 46 L114 8', null, C.green, 5);
const hook = (color = C.dark) =>
  path_('M20 0 V46 a16 16 0 1 1 -32 0', null, color, 6) + path_('M-12 46 l-8 -10', null, color, 6);
const phone = (screen = '') =>
  rect(0, 0, 80, 150, C.dark, 14) +
  rect(6, 14, 68, 118, C.white, 4) +
  rect(30, 138, 20, 5, C.grey, 2) +
  screen;
const laptop = (screen = '') =>
  rect(10, 0, 140, 90, C.dark, 8) +
  rect(17, 7, 126, 76, C.white, 3) +
  rect(0, 90, 160, 10, C.ink, 4) +
  screen;
const browser = (w, h, body = '') =>
  rect(0, 0, w, h, C.white, 8) +
  rect(0, 0, w, 24, C.grey, 8) +
  rect(0, 14, w, 10, C.grey) +
  circle(12, 12, 4, C.red) +
  circle(24, 12, 4, C.amber) +
  circle(36, 12, 4, C.mid) +
  rect(50, 6, w - 62, 12, C.white, 6) +
  body;
const padlock = (fill = C.amber, open = false) =>
  path_(open ? 'M10 24 V12 a14 14 0 0 1 28 0' : 'M10 24 V14 a14 14 0 0 1 28 0 V24', null, C.dark, 6) +
  rect(0, 22, 48, 38, fill, 6) +
  circle(24, 38, 5, C.dark) +
  rect(22, 38, 4, 12, C.dark, 2);
const shield = (fill = C.green, mark = 'check') =>
  path_('M40 0 L80 14 V44 C80 70 60 88 40 96 C20 88 0 70 0 44 V14 Z', fill) +
  (mark === 'check' ? path_('M22 48 L35 61 L60 34', null, C.white, 8) : '') +
  (mark === 'bang' ? rect(36, 22, 8, 36, C.white, 4) + circle(40, 70, 5, C.white) : '');
const key = (fill = C.amber) =>
  circle(18, 18, 18, fill) +
  circle(18, 18, 7, C.ground) +
  rect(32, 14, 60, 8, fill, 3) +
  rect(74, 20, 8, 14, fill) +
  rect(86, 20, 6, 10, fill);
const person = (shirt = C.green, s = 1) =>
  g(0, 0, s, circle(30, 22, 20, C.skin) + path_('M0 110 V78 a30 30 0 0 1 60 0 V110 Z', shirt));
const warning = (fill = C.red) =>
  path_('M30 0 L60 52 H0 Z', fill) + rect(27, 16, 6, 20, C.white, 3) + circle(30, 43, 3.5, C.white);
const bubble = (w, h, fill = C.white, tailLeft = true) =>
  rect(0, 0, w, h, fill, 12) +
  path_(
    tailLeft
      ? `M14 ${h - 2} L6 ${h + 14} L30 ${h - 2} Z`
      : `M${w - 14} ${h - 2} L${w - 6} ${h + 14} L${w - 30} ${h - 2} Z`,
    fill,
  );
const usb = () =>
  rect(0, 20, 46, 90, C.dark, 8) +
  rect(8, 0, 30, 24, C.grey, 3) +
  rect(14, 6, 6, 6, C.ink) +
  rect(26, 6, 6, 6, C.ink) +
  circle(23, 70, 8, C.amber);
const wifi = (color = C.green) =>
  path_('M0 30 a60 60 0 0 1 84 0', null, color, 8) +
  path_('M14 46 a40 40 0 0 1 56 0', null, color, 8) +
  path_('M28 62 a20 20 0 0 1 28 0', null, color, 8) +
  circle(42, 76, 6, color);
const cloud = (fill = C.white) =>
  circle(30, 40, 24, fill) + circle(60, 30, 30, fill) + circle(90, 42, 22, fill) + rect(30, 40, 60, 26, fill);
const doc = (fill = C.white, tag = null) =>
  path_('M0 0 H50 L70 20 V90 H0 Z', fill) +
  path_('M50 0 V20 H70', C.grey) +
  lines(10, 34, 50, 4) +
  (tag ? rect(10, 12, 26, 12, tag, 4) : '');
const folder = (fill = C.amber) =>
  path_('M0 10 H36 L46 0 H100 V70 H0 Z', fill) + rect(0, 16, 100, 60, '#ffc34d', 6);
const database = () =>
  [0, 28, 56]
    .map(
      (y) =>
        `<ellipse cx="40" cy="${y + 14}" rx="40" ry="12" fill="${C.dark}"/>` +
        rect(0, y + 14, 80, 20, C.dark) +
        `<ellipse cx="40" cy="${y + 14}" rx="40" ry="12" fill="${C.green}"/>`,
    )
    .join('') + `<ellipse cx="40" cy="98" rx="40" ry="12" fill="${C.dark}"/>`;
const cycle = (color = C.green) =>
  path_('M0 30 a30 30 0 0 1 55 -16', null, color, 7) +
  path_('M48 0 L57 16 L40 20', null, color, 7) +
  path_('M60 34 a30 30 0 0 1 -55 16', null, color, 7) +
  path_('M12 64 L3 48 L20 44', null, color, 7);
const bug = (fill = C.red) =>
  `<ellipse cx="30" cy="38" rx="20" ry="26" fill="${fill}"/>` +
  circle(30, 10, 11, fill) +
  [18, 36, 54].map((y) => path_(`M10 ${y} L-4 ${y - 6} M50 ${y} L64 ${y - 6}`, null, fill, 4)).join('') +
  path_('M30 16 V62', null, C.white, 3);
const clock = (fill = C.white) =>
  circle(40, 40, 40, C.dark) + circle(40, 40, 33, fill) + path_('M40 16 V40 L56 50', null, C.dark, 6);
const sparkle = (fill = C.amber) =>
  path_('M20 0 C22 14 26 18 40 20 C26 22 22 26 20 40 C18 26 14 22 0 20 C14 18 18 14 20 0 Z', fill);
const magnifier = (color = C.dark) =>
  circle(30, 30, 24, 'none') +
  `<circle cx="30" cy="30" r="24" fill="${C.white}" fill-opacity=".5" stroke="${color}" stroke-width="8"/>` +
  path_('M48 48 L74 74', null, color, 12);
const flag = (fill = C.red) => rect(0, 0, 7, 100, C.dark, 3) + path_('M7 4 H70 L58 24 L70 44 H7 Z', fill);
const check = (fill = C.green) => circle(24, 24, 24, fill) + path_('M13 25 L21 33 L36 16', null, C.white, 6);
const cross = (fill = C.red) =>
  circle(24, 24, 24, fill) + path_('M15 15 L33 33 M33 15 L15 33', null, C.white, 6);
const qr = (fill = C.dark) => {
  const cells = ['1111101', '1000101', '1011101', '1011100', '1111101', '0001011', '1101110'];
  const finder = (x, y) =>
    rect(x, y, 21, 21, fill) + rect(x + 3, y + 3, 15, 15, C.white) + rect(x + 6, y + 6, 9, 9, fill);
  return (
    rect(-4, -4, 72, 72, C.white, 4) +
    finder(0, 0) +
    finder(43, 0) +
    finder(0, 43) +
    cells
      .flatMap((row, r) =>
        [...row].map((b, c) =>
          b === '1' && !(r < 3 && c < 3)
            ? rect(24 + (c % 3) * 6 + (c > 3 ? 18 : 0), 24 + r * 5.5, 5, 5, fill)
            : '',
        ),
      )
      .join('')
  );
};
const door = () =>
  rect(0, 0, 90, 170, C.dark, 4) + rect(8, 8, 74, 162, C.green, 2) + circle(70, 92, 5, C.amber);
const badge = () =>
  rect(0, 0, 40, 56, C.white, 6) +
  rect(14, -6, 12, 10, C.ink, 3) +
  circle(20, 22, 9, C.skin) +
  rect(8, 36, 24, 5, C.green, 2) +
  rect(8, 45, 16, 4, C.grey, 2);
const reader = () => rect(0, 0, 26, 40, C.ink, 5) + circle(13, 14, 5, C.mid) + rect(6, 26, 14, 4, C.grey, 2);
const house = () =>
  path_('M0 60 L80 0 L160 60 Z', C.dark) +
  rect(16, 56, 128, 90, C.white, 4) +
  rect(110, 96, 24, 50, C.green, 3);
const cup = () =>
  path_('M0 0 H56 L50 58 a8 8 0 0 1 -8 7 H14 a8 8 0 0 1 -8 -7 Z', C.white) +
  path_('M56 12 a14 14 0 0 1 0 28', null, C.white, 7) +
  path_('M16 -10 c-6 -8 6 -12 0 -22 M32 -10 c-6 -8 6 -12 0 -22', null, C.grey, 4);
const wave = (color = C.green) =>
  [0, 12, 24, 36, 48, 60, 72]
    .map((x, i) =>
      rect(x, 30 - [10, 22, 30, 18, 26, 12, 6][i], 7, [10, 22, 30, 18, 26, 12, 6][i] * 2, color, 3),
    )
    .join('');
const mask = () =>
  path_('M0 10 C30 -4 70 -4 100 10 C100 50 80 74 50 74 C20 74 0 50 0 10 Z', C.white) +
  `<ellipse cx="30" cy="30" rx="12" ry="7" fill="${C.dark}"/><ellipse cx="70" cy="30" rx="12" ry="7" fill="${C.dark}"/>` +
  path_('M34 54 Q50 62 66 54', null, C.dark, 4);
const box = () =>
  rect(0, 14, 90, 66, '#c08a4b', 4) +
  path_('M0 14 L14 0 H76 L90 14 Z', '#d9a56a') +
  rect(38, 14, 14, 30, C.white, 0);
const card = (fill = C.blue) =>
  rect(0, 0, 110, 70, fill, 8) + rect(0, 14, 110, 12, C.dark) + rect(12, 44, 24, 14, C.amber, 3);
const puzzle = (fill = C.amber) =>
  path_('M0 12 H22 a10 10 0 1 1 20 0 H64 V34 a10 10 0 1 1 0 20 V76 H0 Z', fill);
const arrowDown = (color = C.green) => rect(14, 0, 16, 36, color, 4) + path_('M0 30 H44 L22 56 Z', color);
const arrowUp = (color = C.green) => rect(14, 20, 16, 36, color, 4) + path_('M0 26 H44 L22 0 Z', color);
const chain = (color = C.dark) =>
  `<rect x="0" y="0" width="44" height="24" rx="12" fill="none" stroke="${color}" stroke-width="7"/>` +
  `<rect x="30" y="0" width="44" height="24" rx="12" fill="none" stroke="${color}" stroke-width="7"/>`;
const dots = (n, fill = C.dark, gap = 18) =>
  Array.from({ length: n }, (_, i) => circle(i * gap, 0, 6, fill)).join('');
const bars = (fills) => fills.map((f, i) => rect(i * 30, 0, 26, 10, f, 4)).join('');
const target = () =>
  circle(50, 50, 50, C.red) +
  circle(50, 50, 36, C.white) +
  circle(50, 50, 22, C.red) +
  circle(50, 50, 9, C.white);
const siren = () =>
  path_('M10 60 V30 a25 25 0 0 1 50 0 V60 Z', C.red) +
  rect(0, 58, 70, 14, C.dark, 4) +
  path_('M-14 12 L-4 20 M84 12 L74 20 M35 -16 V-4', null, C.amber, 5);
const megaphone = () =>
  path_('M0 24 H20 L70 0 V80 L20 56 H0 Z', C.green) +
  rect(20, 56, 14, 26, C.dark, 4) +
  path_('M84 20 L98 12 M86 40 H102 M84 60 L98 68', null, C.amber, 5);
const hand = () =>
  path_(
    'M10 90 V40 a7 7 0 0 1 14 0 V20 a7 7 0 0 1 14 0 V14 a7 7 0 0 1 14 0 V22 a7 7 0 0 1 14 0 V64 C66 84 56 96 38 96 H24 Z',
    C.skin,
  );
const robot = () =>
  rect(0, 14, 70, 54, C.green, 14) +
  rect(12, 28, 46, 24, C.white, 8) +
  circle(26, 40, 5, C.dark) +
  circle(44, 40, 5, C.dark) +
  rect(33, 0, 4, 14, C.dark) +
  circle(35, 0, 6, C.amber);
const fingerprint = (color = C.green) =>
  [10, 18, 26]
    .map(
      (r) =>
        `<path d="M${30 - r} 40 a${r} ${r} 0 0 1 ${2 * r} 0 v10" fill="none" stroke="${color}" stroke-width="4" stroke-linecap="round"/>`,
    )
    .join('');
const safe = () =>
  rect(0, 0, 120, 110, C.dark, 10) +
  rect(10, 10, 100, 90, C.ink, 6) +
  circle(60, 55, 24, C.grey) +
  circle(60, 55, 10, C.dark) +
  path_('M60 31 V40 M60 70 V79 M36 55 H45 M75 55 H84', null, C.dark, 4);
const euStars = () =>
  Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    return circle((40 + 32 * Math.sin(a)).toFixed(1), (40 - 32 * Math.cos(a)).toFixed(1), 4.5, C.amber);
  }).join('');
const idCard = () =>
  rect(0, 0, 130, 84, C.white, 8) +
  circle(32, 38, 16, C.skin) +
  rect(16, 56, 32, 16, C.green, 6) +
  lines(62, 22, 54, 4, C.grey, 13);
const desk = () =>
  rect(0, 0, 300, 14, '#c08a4b', 4) +
  rect(12, 14, 14, 70, '#a0703b') +
  rect(274, 14, 14, 70, '#a0703b') +
  rect(190, 14, 84, 56, '#d9a56a', 3) +
  rect(222, 36, 20, 6, C.dark, 3);
const sticky = (fill = '#ffe066') =>
  rect(0, 0, 36, 36, fill, 2) + rect(6, 10, 24, 4, C.ink, 2) + rect(6, 20, 18, 4, C.ink, 2);
const network = () =>
  path_('M40 40 L160 30 M40 40 L100 120 M160 30 L100 120 M160 30 L240 90 M100 120 L240 90', null, C.grey, 5);

// ---- The frame every illustration shares. ----
function frame(body) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270" width="480" height="270">` +
    rect(0, 0, 480, 270, C.ground) +
    `<circle cx="240" cy="150" r="118" fill="${C.blob}"/>` +
    rect(0, 246, 480, 24, C.green) +
    body +
    `</svg>\n`
  );
}

/** Small decorations reused across scenes. */
const ok = (x, y) => g(x, y, 1, check());
const bad = (x, y) => g(x, y, 1, cross());

export const ILLUSTRATIONS = {
  'ai-powered-phishing': () =>
    g(150, 90, 1.3, envelope()) +
    g(300, 60, 1, robot()) +
    g(318, 150, 1, hook(C.dark)) +
    g(120, 60, 1, sparkle()) +
    g(330, 30, 0.6, sparkle()),
  'backups-and-recovery': () =>
    g(130, 90, 1.1, database()) + g(250, 70, 1, cloud()) + g(270, 150, 1, cycle()) + ok(200, 190),
  'browser-updates-and-extensions': () =>
    g(110, 60, 1, browser(220, 150, lines(20, 44, 180, 5))) +
    g(300, 120, 1, puzzle()) +
    g(350, 60, 1, arrowUp()),
  'classifying-data': () =>
    g(110, 70, 1.3, doc(C.white, C.green)) +
    g(210, 70, 1.3, doc(C.white, C.amber)) +
    g(310, 70, 1.3, doc(C.white, C.red)),
  'clean-desk': () =>
    g(90, 150, 1, desk()) +
    g(120, 58, 0.9, laptop()) +
    g(160, 76, 0.5, padlock()) +
    g(250, 100, 1, cup()) +
    ok(340, 70),
  'deepfake-voice-and-video': () =>
    g(100, 50, 1, browser(200, 160, g(60, 40, 1.2, person(C.blue)))) +
    g(300, 90, 0.9, mask()) +
    g(300, 170, 1, wave(C.red)),
  'fake-websites': () =>
    g(
      100,
      60,
      1,
      browser(
        240,
        160,
        rect(60, 50, 120, 14, C.grey, 4) +
          rect(60, 74, 120, 14, C.grey, 4) +
          rect(60, 100, 70, 18, C.green, 6),
      ),
    ) +
    g(130, 20, 1.2, magnifier()) +
    g(330, 40, 1, warning()),
  'first-minutes-of-an-attack': () =>
    g(120, 80, 1.2, clock()) +
    g(230, 100, 1.1, siren()) +
    g(320, 120, 0.6, laptop()) +
    g(330, 60, 0.8, warning()),
  'how-ransomware-spreads': () =>
    g(100, 40, 1, network()) +
    g(100, 60, 0.45, laptop()) +
    g(220, 50, 0.45, laptop()) +
    g(160, 140, 0.45, laptop()) +
    g(300, 110, 0.45, laptop()) +
    g(250, 56, 0.45, padlock(C.red)) +
    g(328, 116, 0.45, padlock(C.red)) +
    g(190, 120, 0.6, bug()),
  'link-and-attachment-traps': () =>
    g(110, 70, 1.4, envelope()) +
    g(290, 60, 1.1, doc(C.white, C.red)) +
    g(360, 160, 1, hook()) +
    path_('M300 160 l0 40 l10 -10 l8 16 l8 -4 l-8 -16 l14 0 z', C.dark),
  'lost-devices-and-usb': () =>
    g(120, 120, 0.8, laptop()) + g(280, 70, 1, usb()) + g(350, 80, 1, warning(C.amber)),
  'malvertising-and-downloads': () =>
    g(
      100,
      50,
      1,
      browser(
        220,
        160,
        rect(20, 40, 180, 60, C.amber, 6) +
          circle(60, 70, 16, C.white) +
          rect(90, 62, 90, 14, C.white, 6) +
          lines(20, 112, 180, 3),
      ),
    ) +
    g(330, 90, 1, arrowDown(C.red)) +
    g(320, 160, 0.8, bug()),
  'mobile-device-security': () =>
    g(200, 50, 1.2, phone(g(16, 40, 0.6, shield()))) +
    g(120, 120, 1.2, fingerprint()) +
    g(320, 90, 0.9, padlock()),
  'multi-factor-authentication': () =>
    g(130, 60, 1.1, phone(g(18, 50, 1, check()))) +
    g(240, 80, 1, padlock()) +
    g(300, 80, 1, padlock(C.green)) +
    g(250, 170, 1, key()),
  'password-managers': () => g(170, 70, 1.2, safe()) + g(110, 170, 1, key()) + g(300, 190, 0.8, key(C.mid)),
  'personal-data-gdpr': () => g(100, 90, 1.2, idCard()) + g(280, 50, 1.4, shield(C.dark, 'none') + euStars()),
  'pretexting-and-urgency': () =>
    g(140, 90, 1.2, person(C.ink)) +
    g(230, 40, 1, bubble(120, 60) + g(40, 14, 0.45, clock())) +
    g(320, 150, 1, warning(C.amber)),
  'public-wifi': () =>
    g(110, 130, 0.9, laptop()) +
    g(270, 120, 1, cup()) +
    g(260, 30, 1, wifi(C.amber)) +
    g(360, 150, 0.8, warning()),
  'reporting-mistakes-early': () =>
    g(150, 70, 1.4, person(C.green)) + g(240, 30, 1, hand()) + g(300, 80, 1, flag(C.amber)) + ok(360, 180),
  'safe-use-of-ai-assistants': () =>
    g(110, 50, 1, bubble(150, 90) + lines(16, 20, 110, 3)) +
    g(280, 80, 1, robot()) +
    g(140, 160, 0.9, doc(C.white) + rect(10, 34, 50, 6, C.dark, 3) + rect(10, 46, 50, 6, C.dark, 3)) +
    g(300, 170, 0.8, shield()),
  'sharing-files-safely': () =>
    g(110, 100, 1.3, folder()) + g(270, 110, 1.1, chain()) + g(300, 150, 1, padlock(C.green)),
  'smishing-text-scams': () =>
    g(180, 50, 1.2, phone(g(12, 20, 1, bubble(56, 40, C.grey)) + g(14, 80, 0.5, box()))) +
    g(320, 80, 1.2, hook(C.red)) +
    g(90, 160, 0.8, box()),
  'spear-phishing-and-bec': () =>
    g(120, 80, 1.2, target()) + g(240, 90, 1.2, envelope()) + g(370, 60, 0.9, person(C.dark)),
  'spot-the-phish': () =>
    g(130, 80, 1.5, envelope()) + g(260, 60, 1.6, magnifier()) + g(140, 30, 0.8, hook(C.red)),
  'strong-passphrases': () =>
    g(90, 100, 1, rect(0, 0, 300, 50, C.white, 10) + g(26, 25, 1, dots(12))) +
    g(120, 180, 1, bars([C.red, C.amber, C.mid, C.green, C.green, C.green])) +
    g(330, 40, 0.8, shield()),
  tailgating: () =>
    g(200, 70, 1, door()) +
    g(300, 110, 1, reader()) +
    g(100, 120, 1.1, person(C.ink)) +
    g(150, 126, 1.05, person(C.amber)) +
    g(330, 60, 0.8, warning()),
  'vishing-phone-scams': () =>
    g(140, 60, 1.2, phone(g(10, 40, 0.75, wave(C.dark)))) +
    g(260, 90, 1.3, wave(C.red)) +
    g(330, 40, 1, warning()),
  'what-happens-after-you-report': () =>
    g(90, 90, 1, flag(C.amber)) +
    path_('M180 140 H220', null, C.dark, 6) +
    path_('M214 130 L226 140 L214 150', null, C.dark, 6) +
    g(240, 90, 1, shield()) +
    path_('M340 140 H370', null, C.dark, 6) +
    ok(380, 116),
  'when-and-how-to-report': () =>
    g(100, 80, 1.3, envelope()) + g(240, 70, 1, megaphone()) + g(350, 70, 0.9, flag()),
  'working-from-home': () =>
    g(100, 60, 1, house()) + g(250, 120, 0.9, laptop()) + g(300, 60, 0.8, padlock(C.green)),
  // Interactive subjects.
  'interactive-invoice-inbox': () =>
    g(100, 80, 1.2, envelope()) +
    g(250, 60, 1.1, doc(C.white, C.amber)) +
    g(300, 150, 0.8, card(C.dark)) +
    g(350, 50, 0.8, warning()),
  'interactive-chat-urgent-payment': () =>
    g(90, 60, 1, bubble(170, 70) + lines(16, 18, 130, 3)) +
    g(150, 150, 1, bubble(150, 60, C.white, false) + lines(16, 16, 110, 2)) +
    g(320, 70, 1, card(C.dark)) +
    g(350, 150, 0.9, warning()),
  'interactive-helpdesk-call': () =>
    g(120, 50, 1.2, phone(g(10, 40, 0.75, wave(C.dark)))) + g(260, 60, 1, qr()) + g(360, 150, 0.9, warning()),
  'interactive-office-walkthrough': () =>
    g(70, 60, 1, door()) +
    g(170, 150, 1, desk()) +
    g(190, 58, 0.9, laptop()) +
    g(320, 80, 0.8, badge()) +
    g(370, 40, 0.7, warning()),
  'interactive-cfo-display-name': () =>
    g(110, 90, 1.4, envelope()) +
    g(150, 60, 1, rect(0, 0, 110, 30, C.dark, 15) + circle(16, 15, 9, C.skin)) +
    g(300, 80, 0.9, person(C.dark)) +
    g(360, 150, 0.9, warning()),
  'interactive-shared-document-lure': () =>
    g(90, 110, 1, folder()) +
    path_('M200 140 H230', null, C.dark, 6) +
    g(
      240,
      60,
      1,
      browser(
        160,
        130,
        rect(30, 50, 100, 14, C.grey, 4) +
          rect(30, 74, 100, 14, C.grey, 4) +
          rect(30, 100, 60, 16, C.green, 6),
      ),
    ) +
    g(240, 30, 0.9, magnifier()),
  'interactive-ceo-gift-cards': () =>
    g(100, 60, 1, bubble(170, 70) + lines(16, 18, 130, 3)) +
    g(130, 160, 1, card(C.amber)) +
    g(300, 70, 1, person(C.ink)) +
    g(350, 150, 1, warning()),
  'interactive-deepfake-voice-call': () =>
    g(140, 50, 1.2, phone(g(10, 40, 0.75, wave(C.dark)))) +
    g(270, 70, 1, mask()) +
    g(270, 160, 1, wave(C.red)),
  'interactive-mfa-fatigue': () =>
    g(
      180,
      40,
      1.2,
      phone([0, 1, 2].map((i) => rect(10, 24 + i * 32, 60, 24, i === 2 ? C.amber : C.grey, 6)).join('')),
    ) +
    g(100, 50, 1, circle(30, 30, 28, C.dark) + circle(42, 22, 24, C.ground)) +
    g(320, 120, 1, warning()),
  'interactive-oauth-consent': () =>
    g(
      100,
      50,
      1,
      browser(
        220,
        170,
        rect(30, 40, 160, 16, C.grey, 4) +
          rect(30, 64, 160, 16, C.red, 4) +
          rect(30, 88, 160, 16, C.grey, 4) +
          rect(110, 130, 80, 22, C.green, 6),
      ),
    ) +
    g(340, 120, 0.8, key()) +
    g(350, 60, 0.9, puzzle()),
  'interactive-tailgating-delivery': () =>
    g(200, 70, 1, door()) +
    g(300, 110, 1, reader()) +
    g(120, 120, 1.1, person(C.green)) +
    g(60, 130, 1, person(C.amber)) +
    g(50, 170, 0.6, box()),
  'interactive-office-lunchtime': () =>
    g(90, 150, 1, desk()) +
    g(110, 58, 0.9, laptop()) +
    g(230, 60, 1, sticky()) +
    g(290, 90, 0.6, usb()) +
    g(340, 40, 0.8, warning()),
  'interactive-cafe-qr-wifi': () =>
    g(90, 130, 0.9, laptop()) + g(250, 130, 1, cup()) + g(330, 90, 1, qr()) + g(240, 30, 1, wifi(C.amber)),
  'interactive-lost-laptop-chat': () =>
    g(100, 60, 1, bubble(150, 70) + lines(16, 18, 110, 3)) +
    g(250, 110, 0.9, laptop()) +
    g(120, 150, 1, clock()) +
    path_('M318 132 a14 14 0 1 1 14 14 v12', null, C.red, 7) +
    circle(332, 176, 4, C.red),
  'interactive-parcel-smishing': () =>
    g(160, 50, 1.2, phone(g(12, 20, 1, bubble(56, 40, C.grey)) + g(14, 80, 0.5, box()))) +
    g(80, 150, 0.8, box()) +
    g(290, 110, 1, card()) +
    g(330, 50, 0.9, warning()),
  'interactive-fake-browser-update': () =>
    g(90, 50, 1, browser(240, 170, lines(20, 44, 200, 6))) +
    g(
      150,
      90,
      1,
      rect(0, 0, 180, 90, C.red, 10) + rect(20, 56, 140, 20, C.white, 6) + g(70, 4, 0.7, warning(C.white)),
    ) +
    g(350, 100, 1, arrowDown(C.red)),
  'interactive-shared-channel-file': () =>
    g(90, 60, 1, bubble(160, 80) + lines(16, 18, 120, 2) + rect(16, 46, 70, 20, C.green, 4)) +
    g(300, 80, 1, chain()) +
    g(300, 140, 1, padlock(C.red, true)),
  'interactive-ai-chatbot-paste': () =>
    g(
      90,
      50,
      1,
      browser(
        200,
        160,
        g(20, 40, 1, bubble(120, 50, C.grey)) + g(60, 106, 1, rect(0, 0, 120, 36, C.ground, 8)),
      ),
    ) +
    g(310, 70, 1, robot()) +
    g(320, 150, 0.8, idCard()),
  'interactive-after-the-click': () =>
    g(110, 80, 1.3, person(C.green)) +
    g(200, 40, 1, hand()) +
    g(260, 60, 1, bubble(120, 60) + g(40, 6, 0.8, warning())) +
    g(300, 150, 1, flag(C.amber)),
  'interactive-proud-post': () =>
    g(
      90,
      40,
      1,
      rect(0, 0, 200, 190, C.white, 10) +
        circle(24, 24, 12, C.skin) +
        lines(44, 16, 80, 2) +
        rect(16, 46, 168, 96, C.ground, 6) +
        g(76, 56, 1.4, badge()) +
        path_(
          'M30 166 c0 -10 14 -10 14 0 c0 -10 14 -10 14 0 c0 10 -14 18 -14 18 c0 0 -14 -8 -14 -18 Z',
          C.red,
        ),
    ) +
    g(230, 110, 1.1, magnifier()) +
    g(330, 60, 0.9, bubble(90, 50) + lines(14, 14, 60, 2)) +
    g(350, 150, 0.9, warning()),
  'interactive-one-password': () =>
    g(80, 50, 1, rect(0, 0, 150, 100, C.dark, 8) + rect(8, 8, 134, 84, C.white, 4) + lines(20, 22, 100, 4)) +
    g(170, 40, 0.8, sticky()) +
    rect(145, 150, 20, 30, C.dark) +
    rect(115, 178, 80, 8, C.dark, 4) +
    g(230, 160, 0.8, key()) +
    g(320, 110, 0.6, padlock(C.red, true)) +
    g(360, 110, 0.6, padlock(C.red, true)) +
    g(400, 110, 0.6, padlock(C.red, true)) +
    g(330, 30, 0.9, rect(0, 0, 90, 70, C.green, 8) + circle(45, 35, 18, C.white) + circle(45, 35, 7, C.dark)),
  'interactive-ransomware-screen': () =>
    g(
      120,
      60,
      1,
      rect(0, 0, 180, 120, C.dark, 8) + rect(8, 8, 164, 104, C.red, 4) + g(66, 28, 1, padlock(C.white)),
    ) +
    rect(200, 180, 20, 40, C.dark) +
    g(320, 100, 1, clock()) +
    path_('M300 200 C330 200 330 230 360 230', null, C.ink, 6),
};

/** Scene pieces the interactive subjects' illustrations use too. */
export const PARTS = {
  envelope,
  hook,
  phone,
  laptop,
  browser,
  padlock,
  shield,
  key,
  person,
  warning,
  bubble,
  usb,
  wifi,
  cloud,
  doc,
  folder,
  clock,
  sparkle,
  magnifier,
  flag,
  check,
  cross,
  qr,
  door,
  badge,
  reader,
  house,
  cup,
  wave,
  mask,
  box,
  card,
  puzzle,
  arrowDown,
  chain,
  dots,
  target,
  robot,
  idCard,
  desk,
  sticky,
  ok,
  bad,
  lines,
  rect,
  circle,
  g,
  path: path_,
  C,
};

export function illustration(id) {
  const draw = ILLUSTRATIONS[id];
  if (!draw) throw new Error(`No illustration for ${id}`);
  return frame(draw());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ids = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(ILLUSTRATIONS);
  mkdirSync(OUT, { recursive: true });
  for (const id of ids) {
    const svg = illustration(id);
    writeFileSync(path.join(OUT, `${id}.svg`), svg);
    console.log(`thumbs/${id}.svg  ${svg.length} B`);
  }
}
