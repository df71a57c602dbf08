/** The embed area's addresses (spec 1 §2 Embed area). */
export const PPV_PATHS = {
  videos: '/ppv/',
  usage: '/ppv/usage/',
  configure: (subjectId: string) => `/ppv/embed/${encodeURIComponent(subjectId)}/`,
} as const;
