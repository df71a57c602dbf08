import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EmbedApp } from './app.tsx';
import { readParams } from './params.ts';
import './embed.css';

const params = readParams(window.location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <EmbedApp params={params} />
  </StrictMode>,
);
