import { useTranslation } from 'react-i18next';
import { ListToolbar as CampaignListToolbar } from '../../../components/list-toolbar.tsx';
import type { TrainingListState, TrainingSort } from './training-list-query.ts';

const SORTS: TrainingSort[] = ['updated', 'start', 'end'];

interface ListToolbarProps {
  state: TrainingListState;
  filterCount: number;
  onChange: (change: Partial<TrainingListState>) => void;
  onOpenFilters: () => void;
  onClearFilters: () => void;
}

/** Search by name, the filter modal's button and the sort (spec 2 §2 Training list). */
export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <CampaignListToolbar
      {...props}
      sorts={SORTS}
      sortLabel={(sort) => t(`trainings.list.sort.${sort}`)}
      searchPlaceholder={t('trainings.list.searchPlaceholder')}
    />
  );
}
