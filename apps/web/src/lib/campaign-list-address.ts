import { isUuid } from '@vigil/shared';
import { dayEndIso, dayStartIso, isDay, isRangeReversed } from './date-range.ts';

/*
 * The address rules every campaign list (training programs, assessments, the kinds to come) follows,
 * free of React so the kinds' list configurations and their tests can use them; the campaign kit's
 * list page and filter modal (features/campaigns) read them.
 */

/** What a list keeps in the address besides the kind's own filters. */
export interface CampaignListState<Sort extends string> {
  p: number;
  q: string;
  sort: Sort;
  d: 'asc' | 'desc';
}

/** A filter of the list's filter modal: always text in the address, '' when not set. */
type FilterValues<F> = { [K in keyof F]: string };

/** A schema that checks one address value as the list's API query would. */
interface ValueSchema {
  safeParse: (value: unknown) => { success: boolean; data?: unknown };
}

/** A date filter of a kind's list: a range of calendar days (YYYY-MM-DD), either end optional. */
export interface CampaignDateRange<F> {
  from: keyof F & string;
  to: keyof F & string;
  /** The range's legend in the filter modal: `<section>.filters.<legend>`. */
  legend: string;
}

/**
 * A kind's list filters (spec 2 §2 Training list, Assessment list): the employee list, the kind's own
 * choices (each read with the list query's schema) and its date ranges.
 */
export interface CampaignFiltersSetup<F extends FilterValues<F>> {
  /** The list query's schema, whose fields check what the address holds. */
  shape: { p: ValueSchema; q: ValueSchema; sort: ValueSchema; d: ValueSchema } & Partial<
    Record<keyof F, ValueSchema>
  >;
  pageSize: number;
  /** The choices besides the employee list ('listId', always a UUID), in the query's order. */
  choices: readonly (keyof F & string)[];
  ranges: readonly CampaignDateRange<F>[];
}

type State<F, Sort extends string> = CampaignListState<Sort> & F;

/**
 * The address rules of a campaign list: reading its state from the address (a value the API would
 * refuse falls back to its default), writing it back without the defaults, the filters' count and
 * check, and the API query of a tab (page size 10, from days at 00:00 and to days at 23:59 in the
 * manager's time zone).
 */
export function campaignListAddress<
  F extends FilterValues<F> & { listId: string },
  Sort extends string,
  Tab extends string,
  Query,
>(setup: CampaignFiltersSetup<F>) {
  const dayKeys = setup.ranges.flatMap((range) => [range.from, range.to]);
  const filterKeys: (keyof F & string)[] = ['listId', ...setup.choices, ...dayKeys];
  const emptyFilters = Object.fromEntries(filterKeys.map((key) => [key, ''])) as F;
  // Both lists start on page 1, last updated first.
  const defaultState = { p: 1, q: '', sort: 'updated', d: 'desc', ...emptyFilters } as State<F, Sort>;
  const stateKeys = Object.keys(defaultState) as (keyof State<F, Sort>)[];

  const parsed = <T>(schema: ValueSchema, value: string | undefined, fallback: T): T => {
    const result = schema.safeParse(value);
    return result.success && result.data !== undefined ? (result.data as T) : fallback;
  };

  const read = (params: URLSearchParams): State<F, Sort> => {
    const raw = (key: string) => params.get(key) ?? undefined;
    const { shape } = setup;
    const state: Record<string, unknown> = {
      p: parsed(shape.p, raw('p'), defaultState.p),
      q: parsed(shape.q, raw('q'), ''),
      sort: parsed(shape.sort, raw('sort'), defaultState.sort),
      d: parsed(shape.d, raw('d'), defaultState.d),
    };
    const listId = raw('listId') ?? '';
    state.listId = isUuid(listId) ? listId : '';
    for (const key of setup.choices) {
      const schema = shape[key];
      state[key] = schema ? parsed(schema, raw(key), '') : '';
    }
    for (const key of dayKeys) {
      const value = raw(key);
      state[key] = isDay(value) ? value : '';
    }
    return state as State<F, Sort>;
  };

  const params = (state: State<F, Sort>): URLSearchParams => {
    const out = new URLSearchParams();
    for (const key of stateKeys)
      if (state[key] !== defaultState[key]) out.set(String(key), String(state[key]));
    return out;
  };

  /** Any change but the page itself starts again at page 1. */
  const change = (state: State<F, Sort>, next: Partial<State<F, Sort>>): State<F, Sort> => ({
    ...state,
    ...next,
    p: next.p ?? 1,
  });

  const pickFilters = (state: F): F => {
    const filters = { ...emptyFilters };
    for (const key of filterKeys) filters[key] = state[key];
    return filters;
  };

  /** The badge on the Filters button: a date range counts once, whichever end is set. */
  const activeFilterCount = (filters: F): number =>
    ['listId', ...setup.choices].filter((key) => filters[key as keyof F]).length +
    setup.ranges.filter((range) => filters[range.from] || filters[range.to]).length;

  /** Neither date range runs backwards (spec 2 §5 Filters). */
  const filtersValid = (filters: F): boolean =>
    setup.ranges.every(
      (range) => !isRangeReversed({ from: filters[range.from] || null, to: filters[range.to] || null }),
    );

  const toQuery = (state: State<F, Sort>, tab: Tab): Query => {
    const query: Record<string, unknown> = {
      tab,
      p: state.p,
      n: setup.pageSize,
      sort: state.sort,
      d: state.d,
    };
    if (state.q) query.q = state.q;
    for (const key of ['listId', ...setup.choices] as (keyof F & string)[])
      if (state[key]) query[key] = state[key];
    for (const { from, to } of setup.ranges) {
      if (state[from]) query[from] = dayStartIso(state[from]);
      if (state[to]) query[to] = dayEndIso(state[to]);
    }
    // The keys are the kind's query fields, each checked above as its schema would.
    return query as Query;
  };

  return {
    read,
    change,
    params,
    pickFilters,
    activeFilterCount,
    filtersValid,
    emptyFilters,
    defaultState,
    ranges: setup.ranges,
    toQuery,
  };
}
