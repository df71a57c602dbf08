import { useEffect, useRef } from 'react';

declare global {
  interface Window {
    grecaptcha?: {
      render(
        el: HTMLElement,
        opts: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void },
      ): number;
      ready(cb: () => void): void;
    };
    vigilRecaptchaLoaded?: () => void;
  }
}

let script: Promise<void> | null = null;
function loadScript(): Promise<void> {
  script ??= new Promise((resolve) => {
    window.vigilRecaptchaLoaded = () => resolve();
    const el = document.createElement('script');
    el.src = 'https://www.google.com/recaptcha/api.js?onload=vigilRecaptchaLoaded&render=explicit';
    el.async = true;
    document.head.appendChild(el);
  });
  return script;
}

/**
 * Google's reCAPTCHA v2 checkbox, loaded only when the server gave a site key; `onToken` gets the
 * answer ('' once it expires). The parent resets it after a failed sign-up (spec 1 §4) by giving it a
 * new `key`, which renders a fresh widget.
 */
export function Recaptcha({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const callback = useRef(onToken);
  useEffect(() => {
    callback.current = onToken;
  });

  useEffect(() => {
    let live = true;
    void loadScript().then(() => {
      if (!live || !box.current || widget.current !== null || !window.grecaptcha) return;
      widget.current = window.grecaptcha.render(box.current, {
        sitekey: siteKey,
        callback: (token) => callback.current(token),
        'expired-callback': () => callback.current(''),
      });
    });
    return () => {
      live = false;
    };
  }, [siteKey]);

  return <div ref={box} data-testid="recaptcha" />;
}
