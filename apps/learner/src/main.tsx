import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LearnerApp } from './app.tsx';
import { adoptLinkToken } from './lib/token-store.ts';
import '@vigil/player/player.css';
import './learner.css';

// Before the first render, so the token never shows as a route and leaves the address bar at once.
adoptLinkToken();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LearnerApp />
  </StrictMode>,
);
