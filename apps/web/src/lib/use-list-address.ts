import { useSearchParams } from 'react-router';

interface ListAddressRules<S> {
  /** The state an address stands for, defaults where it says nothing. */
  read: (params: URLSearchParams) => S;
  /** A state with a change applied (a change but the page's starts again at page 1). */
  change: (state: S, change: Partial<S>) => S;
  /** The address of a state. */
  params: (state: S) => URLSearchParams;
}

/** A list's search, filters, sort and page, kept in the address so a link or reload shows the same. */
export function useListAddress<S>({ read, change, params }: ListAddressRules<S>) {
  const [search, setSearch] = useSearchParams();
  const state = read(search);
  // A change starts from the address as it is now, so two quick changes do not undo each other.
  const update = (next: Partial<S>) =>
    setSearch(params(change(read(new URLSearchParams(window.location.search)), next)), { replace: true });
  /** The address's query for another tab: the same search and filters, from page 1. */
  const tabSearch = () => params(change(state, {})).toString();
  return { state, update, tabSearch };
}
