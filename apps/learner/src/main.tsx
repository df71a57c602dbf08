import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LearnerApp } from './learner-app.tsx';
import './learner.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LearnerApp />
  </StrictMode>,
);
