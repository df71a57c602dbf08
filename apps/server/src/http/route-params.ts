import { z } from 'zod';

/** The `{id}` of every /companies/{id}/… route; the company guard checks it (see guards.ts). */
export const CompanyParams = z.object({ id: z.string() });
