export { PpvLayout } from './components/ppv-layout.tsx';
export { PpvVideosPage } from './pages/ppv-videos-page.tsx';
export { PpvUsagePage } from './pages/ppv-usage-page.tsx';
export { EmbedConfigPage } from './pages/embed-config-page.tsx';
export { VideosToEmbedPage } from './pages/videos-to-embed-page.tsx';
