export { InfosecBoardPage } from './infosec-board-page.tsx';
