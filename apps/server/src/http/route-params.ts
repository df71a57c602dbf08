import { z } from 'zod';

/** The `{id}` of every /companies/{id}/… route; the company guard checks it (see guards.ts). */
export const CompanyParams = z.object({ id: z.string() });

/** `?lang=` of routes that answer with content texts: a language code, English by default. */
export const LangQuery = z.object({
  lang: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .default('en'),
});
