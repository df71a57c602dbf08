import { ASSESSMENT_LIMITS, AssessmentListQuery, isUuid, type AssessmentTab } from '@vigil/shared';
import { dayEndIso, dayStartIso, isDay, isRangeReversed } from '../../../lib/date-range.ts';

export type AssessmentSort = 'updated' | 'delivery' | 'due';
export const ASSESSMENT_SORTS: readonly AssessmentSort[] = ['updated', 'delivery', 'due'];

/** The filter modal's fields (spec 2 §2 Assessment list); dates are calendar days (YYYY-MM-DD). */
export interface AssessmentFilters {
  listId: string;
  deliveryFrom: string;
  deliveryTo: string;
  dueFrom: string;
  dueTo: string;
}

/** What the list shows, kept in the address (the tab is in the path). */
export interface AssessmentListState extends AssessmentFilters {
  p: number;
  q: string;
  sort: AssessmentSort;
  d: 'asc' | 'desc';
}

export const EMPTY_FILTERS: AssessmentFilters = {
  listId: '',
  deliveryFrom: '',
  deliveryTo: '',
  dueFrom: '',
  dueTo: '',
};

export const DEFAULT_LIST_STATE: AssessmentListState = {
  p: 1,
  q: '',
  sort: 'updated',
  d: 'desc',
  ...EMPTY_FILTERS,
};

const DATE_KEYS = ['deliveryFrom', 'deliveryTo', 'dueFrom', 'dueTo'] as const;
const STATE_KEYS = Object.keys(DEFAULT_LIST_STATE) as (keyof AssessmentListState)[];
const { shape } = AssessmentListQuery;

/** Reads the list's state from the address; a value the API would refuse falls back to its default. */
export function readListState(params: URLSearchParams): AssessmentListState {
  const raw = (key: keyof AssessmentListState) => params.get(key) ?? undefined;
  const parsed = <T>(result: { success: boolean; data?: T }, fallback: T): T =>
    result.success && result.data !== undefined ? result.data : fallback;
  const listId = raw('listId') ?? '';
  const state: AssessmentListState = {
    p: parsed(shape.p.safeParse(raw('p')), DEFAULT_LIST_STATE.p),
    q: parsed(shape.q.safeParse(raw('q')), ''),
    sort: parsed(shape.sort.safeParse(raw('sort')), DEFAULT_LIST_STATE.sort),
    d: parsed(shape.d.safeParse(raw('d')), DEFAULT_LIST_STATE.d),
    ...EMPTY_FILTERS,
    listId: isUuid(listId) ? listId : '',
  };
  for (const key of DATE_KEYS) {
    const value = raw(key);
    state[key] = isDay(value) ? value : '';
  }
  return state;
}

/** The address parameters of a state; defaults are left out to keep the address short. */
export function listStateParams(state: AssessmentListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of STATE_KEYS)
    if (state[key] !== DEFAULT_LIST_STATE[key]) params.set(key, String(state[key]));
  return params;
}

/** Applies a change; any change but the page itself starts again at page 1. */
export const changeListState = (state: AssessmentListState, change: Partial<AssessmentListState>) => ({
  ...state,
  ...change,
  p: change.p ?? 1,
});

export const pickFilters = ({ listId, deliveryFrom, deliveryTo, dueFrom, dueTo }: AssessmentFilters) => ({
  listId,
  deliveryFrom,
  deliveryTo,
  dueFrom,
  dueTo,
});

/** How many of the modal's filters are set (the badge on the Filters button). */
export function activeFilterCount(f: AssessmentFilters): number {
  const ranges = [
    [f.deliveryFrom, f.deliveryTo],
    [f.dueFrom, f.dueTo],
  ].filter(([from, to]) => from || to).length;
  return (f.listId ? 1 : 0) + ranges;
}

/** Neither date range runs backwards (spec 2 §5 Filters). */
export const filtersValid = (f: AssessmentFilters): boolean =>
  !isRangeReversed({ from: f.deliveryFrom || null, to: f.deliveryTo || null }) &&
  !isRangeReversed({ from: f.dueFrom || null, to: f.dueTo || null });

/** The API query: page size 10, from days at 00:00 and to days at 23:59 in the manager's time zone. */
export function toListQuery(state: AssessmentListState, tab: AssessmentTab): AssessmentListQuery {
  const query: AssessmentListQuery = {
    tab,
    p: state.p,
    n: ASSESSMENT_LIMITS.pageSize,
    sort: state.sort,
    d: state.d,
  };
  if (state.q) query.q = state.q;
  if (state.listId) query.listId = state.listId;
  if (state.deliveryFrom) query.deliveryFrom = dayStartIso(state.deliveryFrom);
  if (state.deliveryTo) query.deliveryTo = dayEndIso(state.deliveryTo);
  if (state.dueFrom) query.dueFrom = dayStartIso(state.dueFrom);
  if (state.dueTo) query.dueTo = dayEndIso(state.dueTo);
  return query;
}
