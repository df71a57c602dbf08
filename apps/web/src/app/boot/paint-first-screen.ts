/**
 * Runs from the built index.html's head, before any of the app's scripts have loaded: on the
 * dashboard (/) of a signed-in manager, it paints the first screen they last saw there (first-screen.ts
 * stores it) in plain HTML and CSS, laid out as the Mantine shell lays it out, so the header and the
 * page's title and welcome line are on screen while the app downloads; the app's first render replaces
 * it. Imports nothing (it is built as a script of its own): the names it reads are lib/first-screen.ts's.
 */
interface Stored {
  session?: string;
  companyId?: string;
  shell?: {
    initials: string;
    name: string;
    company: string;
    logo: string | null;
    tabs: string[];
    colors: Record<string, string>;
  };
  page?: { title: string; welcome: string };
}

// A classic script: everything inside one function, so nothing lands in the page's global scope.
(() => {
  // The Mantine theme's values, as apps/web/src/app/providers/app-theme.ts sets them (sm = 48em, lg = 75em).
  const STYLES = `
  .fs{font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#000;background:#fff;min-height:100dvh;-webkit-font-smoothing:antialiased}
  .fs-h{position:fixed;inset:0 0 auto;height:64px;box-sizing:border-box;border-bottom:1px solid #dee2e6;background:#fff;display:flex;align-items:center;justify-content:space-between;padding:0 16px}
  .fs-l{display:flex;align-items:center;gap:32px;height:100%}
  .fs-burger{width:28px;height:28px;display:flex;flex-direction:column;justify-content:center;align-items:center;gap:4px}
  .fs-burger i{display:block;width:18px;height:2px;background:#000}
  .fs-brand{display:flex;align-items:center;gap:8px}
  .fs-icon{width:28px;height:28px;border-radius:8px;display:flex;align-items:center;justify-content:center;background:linear-gradient(45deg,var(--mantine-color-brand-5) 0%,var(--mantine-color-brand-8) 100%)}
  .fs-name{font-size:18px;font-weight:750;letter-spacing:-0.4px;line-height:1.55}
  .fs-logo{height:36px;width:auto;max-width:180px;object-fit:contain}
  .fs-tabs{display:none;align-items:stretch;gap:2px;height:100%}
  .fs-tab{display:flex;align-items:center;padding:0 12px;font-size:14px;font-weight:500;color:#495057;border-top:2px solid transparent;border-bottom:2px solid transparent;white-space:nowrap}
  .fs-tab:first-child{color:var(--mantine-color-anchor);border-bottom-color:var(--mantine-primary-color-filled);font-weight:600}
  .fs-user{display:flex;align-items:center;gap:12px}
  .fs-avatar{width:36px;height:36px;border-radius:50%;display:flex;align-items:center;justify-content:center;background:var(--mantine-color-brand-light);color:var(--mantine-color-brand-light-color);font-weight:700;font-size:14.4px}
  .fs-who{display:none;flex-direction:column;max-width:180px;min-width:0}
  .fs-who b,.fs-who span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
  .fs-who b{font-size:14px;font-weight:600;line-height:1.55}
  .fs-who span{font-size:12px;line-height:1.4;color:var(--mantine-color-dimmed)}
  .fs-m{padding:80px 16px 16px}
  .fs-c{max-width:1360px;margin:0 auto;display:flex;flex-direction:column;gap:4px}
  .fs-c h1{margin:0;font-size:24px;font-weight:700;line-height:1.3}
  .fs-c p{margin:0;font-size:14px;line-height:1.45;max-width:720px;color:var(--mantine-color-dimmed)}
  @media (min-width:48em){.fs-h{padding:0 32px}.fs-m{padding:96px 32px 32px}.fs-c h1{font-size:28px}.fs-who{display:flex}}
  @media (min-width:75em){.fs-burger{display:none}.fs-tabs{display:flex}}
  `;

  const SHIELD =
    'M11.998 2l.118 .007l.059 .008l.061 .013l.111 .034a.993 .993 0 0 1 .217 .112l.104 .082l.255 .218a11 11 0 0 0 7.189 2.537l.342 -.01a1 1 0 0 1 1.005 .717a13 13 0 0 1 -9.208 16.25a1 1 0 0 1 -.502 0a13 13 0 0 1 -9.209 -16.25a1 1 0 0 1 1.005 -.717a11 11 0 0 0 7.531 -2.527l.263 -.225l.096 -.075a.993 .993 0 0 1 .217 -.112l.112 -.034a.97 .97 0 0 1 .119 -.021l.115 -.007zm3.71 7.293a1 1 0 0 0 -1.415 0l-3.293 3.292l-1.293 -1.292l-.094 -.083a1 1 0 0 0 -1.32 1.497l2 2l.094 .083a1 1 0 0 0 1.32 -.083l4 -4l.083 -.094a1 1 0 0 0 -.083 -1.32z';

  function element(tag: string, className: string, text?: string): HTMLElement {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function paint(root: HTMLElement, shell: NonNullable<Stored['shell']>, page: NonNullable<Stored['page']>) {
    const style = document.createElement('style');
    style.textContent = STYLES;
    const screen = element('div', 'fs');
    // Hidden from assistive technology: the app's render, a moment later, is the page they read.
    screen.setAttribute('aria-hidden', 'true');
    for (const [name, value] of Object.entries(shell.colors)) {
      if (name.startsWith('--mantine-') && value) screen.style.setProperty(name, value);
    }

    const header = element('div', 'fs-h');
    const left = element('div', 'fs-l');
    const burger = element('span', 'fs-burger');
    burger.append(element('i', ''), element('i', ''), element('i', ''));
    const brand = element('span', 'fs-brand');
    if (shell.logo) {
      const logo = element('img', 'fs-logo') as HTMLImageElement;
      logo.alt = '';
      logo.src = shell.logo;
      brand.append(logo);
    } else {
      const icon = element('span', 'fs-icon');
      icon.innerHTML = `<svg width="17" height="17" viewBox="0 0 24 24" fill="#fff"><path d="${SHIELD}"/></svg>`;
      brand.append(icon, element('span', 'fs-name', 'Vigil'));
    }
    const tabs = element('span', 'fs-tabs');
    tabs.append(...shell.tabs.map((label) => element('span', 'fs-tab', label)));
    left.append(burger, brand, tabs);
    const user = element('span', 'fs-user');
    const who = element('span', 'fs-who');
    who.append(element('b', '', shell.name), element('span', '', shell.company));
    const chevron = element('span', '');
    chevron.innerHTML = `<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" style="display:block"><path d="M6 9l6 6l6 -6"/></svg>`;
    user.append(element('span', 'fs-avatar', shell.initials), who, chevron);
    header.append(left, user);

    const main = element('div', 'fs-m');
    const content = element('div', 'fs-c');
    content.append(element('h1', '', page.title), element('p', '', page.welcome));
    main.append(content);

    screen.append(header, main);
    root.replaceChildren(style, screen);
  }

  /**
   * Paints once the parser has read #root: the document turns "interactive" before its module scripts
   * run, and the script, loaded in the head, holds the first paint back until then.
   */
  function paintWhenParsed() {
    const root = document.getElementById('root');
    const token = localStorage.getItem('token');
    const stored = JSON.parse(localStorage.getItem('firstScreen') ?? '{}') as Stored;
    if (
      root &&
      token &&
      stored.shell &&
      stored.page &&
      stored.session === token.slice(-8) &&
      stored.companyId === localStorage.getItem('companyId')
    )
      paint(root, stored.shell, stored.page);
  }

  /**
   * Every API call sends the browser's time zone (lib/browser-time-zone.ts). A page's first
   * `Intl.DateTimeFormat` costs tens of milliseconds (ICU loads its data), later ones almost nothing: paid
   * here, after the first paint, in a task of its own while the app's scripts download, instead of in the
   * task that starts the app's first requests.
   */
  function warmTimeZone() {
    requestAnimationFrame(() => setTimeout(() => Intl.DateTimeFormat().resolvedOptions(), 0));
  }

  document.addEventListener('readystatechange', function once() {
    document.removeEventListener('readystatechange', once);
    try {
      if (location.pathname === '/') paintWhenParsed();
    } catch {
      // Storage unavailable or an older shape: the plain boot mark stays until the app renders.
    }
    warmTimeZone();
  });
})();
