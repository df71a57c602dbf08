export { SubjectCard, SubjectCardSkeleton } from './components/subject-card.tsx';
export { SubjectPreviewModal } from './components/subject-preview-modal.tsx';
export {
  QuestionPreviewModal,
  type QuestionPreviewModalProps,
} from './components/question-preview/question-preview-modal.tsx';
export { CatalogPage } from './pages/catalog-page.tsx';
export { SubjectDetailPage } from './pages/subject-detail-page.tsx';
export { useCategories } from './api/get-categories.ts';
export { formatDuration } from './catalog-filter.ts';
