export { Cmi5Page } from './cmi5-page.tsx';
