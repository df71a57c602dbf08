export { ContentBrowserPage } from './pages/content-browser-page.tsx';
