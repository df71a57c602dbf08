import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the visible area a section starts rendering, so it is ready when seen. */
const AHEAD = '100px';

interface NearViewportProps {
  /** Stands in for the children until they render: about their size, cheap to render. */
  placeholder: ReactNode;
  children: ReactNode;
}

/**
 * Renders its children once their place comes near the visible area, and keeps them from then on.
 * A page's parts below the fold (on a phone: the dashboard's lower panels) then cost nothing while the
 * page loads: their components are neither rendered nor laid out until the reader scrolls towards them.
 */
export function NearViewport({ placeholder, children }: NearViewportProps) {
  // Without IntersectionObserver (some test environments), everything renders at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = anchor.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={anchor}>{placeholder}</div>;
}
