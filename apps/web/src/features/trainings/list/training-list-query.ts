import { isUuid, TRAINING_LIMITS, TrainingListQuery, type TrainingTab } from '@vigil/shared';
import { dayEndIso, dayStartIso, isDay, isRangeReversed } from './date-range.ts';

export type TrainingSort = 'updated' | 'start' | 'end';
export const TRAINING_SORTS: readonly TrainingSort[] = ['updated', 'start', 'end'];
export type SortDirection = 'asc' | 'desc';

/** The filters of the filter modal (spec 2 §5 Filters); dates are calendar days (YYYY-MM-DD). */
export interface TrainingFilters {
  listId: string;
  subjectId: string;
  startFrom: string;
  startTo: string;
  endFrom: string;
  endTo: string;
}

/** What the list shows, kept in the address (the tab is in the path). */
export interface TrainingListState extends TrainingFilters {
  p: number;
  q: string;
  sort: TrainingSort;
  d: SortDirection;
}

export const EMPTY_FILTERS: TrainingFilters = {
  listId: '',
  subjectId: '',
  startFrom: '',
  startTo: '',
  endFrom: '',
  endTo: '',
};

export const DEFAULT_LIST_STATE: TrainingListState = {
  p: 1,
  q: '',
  sort: 'updated',
  d: 'desc',
  ...EMPTY_FILTERS,
};

type DateKey = 'startFrom' | 'startTo' | 'endFrom' | 'endTo';
const STATE_KEYS = Object.keys(DEFAULT_LIST_STATE) as (keyof TrainingListState)[];
const { shape } = TrainingListQuery;

function valid<T>(result: { success: true; data: T } | { success: false }, fallback: T): T {
  return result.success ? result.data : fallback;
}

/** Reads the list's state from the address; a value the API would refuse falls back to its default. */
export function readListState(params: URLSearchParams): TrainingListState {
  const raw = (key: keyof TrainingListState) => params.get(key) ?? undefined;
  const day = (key: DateKey) => {
    const value = raw(key);
    return isDay(value) ? value : '';
  };
  const listId = raw('listId') ?? '';
  return {
    p: valid(shape.p.safeParse(raw('p')), DEFAULT_LIST_STATE.p),
    q: valid(shape.q.safeParse(raw('q')), undefined) ?? '',
    sort: valid(shape.sort.safeParse(raw('sort')), DEFAULT_LIST_STATE.sort),
    d: valid(shape.d.safeParse(raw('d')), DEFAULT_LIST_STATE.d),
    listId: isUuid(listId) ? listId : '',
    subjectId: valid(shape.subjectId.safeParse(raw('subjectId')), undefined) ?? '',
    startFrom: day('startFrom'),
    startTo: day('startTo'),
    endFrom: day('endFrom'),
    endTo: day('endTo'),
  };
}

/** The address parameters of a state; defaults are left out to keep the address short. */
export function listStateParams(state: TrainingListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of STATE_KEYS) {
    if (state[key] !== DEFAULT_LIST_STATE[key]) params.set(key, String(state[key]));
  }
  return params;
}

/** Applies a change; any change but the page itself starts again at page 1. */
export function changeListState(
  state: TrainingListState,
  change: Partial<TrainingListState>,
): TrainingListState {
  return { ...state, ...change, p: change.p ?? 1 };
}

/** How many of the modal's filters are set (the badge on the Filters button). */
export function activeFilterCount(filters: TrainingFilters): number {
  const ranges = [
    [filters.startFrom, filters.startTo],
    [filters.endFrom, filters.endTo],
  ].filter(([from, to]) => from || to).length;
  return (filters.listId ? 1 : 0) + (filters.subjectId ? 1 : 0) + ranges;
}

/** The modal's part of a state. */
export const pickFilters = ({ listId, subjectId, startFrom, startTo, endFrom, endTo }: TrainingFilters) => ({
  listId,
  subjectId,
  startFrom,
  startTo,
  endFrom,
  endTo,
});

/** Whether the filters can be applied: neither date range runs backwards. */
export function filtersValid(filters: TrainingFilters): boolean {
  return (
    !isRangeReversed({ from: filters.startFrom || null, to: filters.startTo || null }) &&
    !isRangeReversed({ from: filters.endFrom || null, to: filters.endTo || null })
  );
}

/**
 * The API query of a tab in a state: page size 10 (spec 2 §9), from days at 00:00 and to days at
 * 23:59 in the manager's time zone.
 */
export function toListQuery(state: TrainingListState, tab: TrainingTab): TrainingListQuery {
  const query: TrainingListQuery = {
    tab,
    p: state.p,
    n: TRAINING_LIMITS.pageSize,
    sort: state.sort,
    d: state.d,
  };
  if (state.q) query.q = state.q;
  if (state.listId) query.listId = state.listId;
  if (state.subjectId) query.subjectId = state.subjectId;
  if (state.startFrom) query.startFrom = dayStartIso(state.startFrom);
  if (state.startTo) query.startTo = dayEndIso(state.startTo);
  if (state.endFrom) query.endFrom = dayStartIso(state.endFrom);
  if (state.endTo) query.endTo = dayEndIso(state.endTo);
  return query;
}
