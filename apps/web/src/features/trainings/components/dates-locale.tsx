/** The date pickers' locale is shared with the other areas. */
export { DatesLocale } from '../../../components/dates-locale.tsx';
