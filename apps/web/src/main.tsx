import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

void initI18n();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
