import { useQuery } from '@tanstack/react-query';
import { Language, LANGUAGES } from '@vigil/shared';
import { z } from 'zod';
import { apiFetch } from './api-client.ts';

export interface LanguageOption {
  code: string;
  english_name: string;
}

/** Languages offered by the server (GET /languages/all); the shared list stands in until it answers. */
export function useLanguages(): { languages: LanguageOption[]; isLoading: boolean } {
  const query = useQuery({
    queryKey: ['languages'],
    queryFn: ({ signal }) => apiFetch('/languages/all', z.array(Language), { signal, auth: false }),
    staleTime: Infinity,
  });
  return { languages: query.data ?? [...LANGUAGES], isLoading: query.isPending };
}
