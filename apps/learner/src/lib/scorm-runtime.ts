/** The statuses with which a SCORM 1.2 package says it is done. */
const DONE_STATUSES = new Set(['passed', 'completed']);

export type Scorm12Api = Record<
  'LMSInitialize' | 'LMSFinish' | 'LMSCommit' | 'LMSGetLastError' | 'LMSGetErrorString' | 'LMSGetDiagnostic',
  (arg?: string) => string
> & {
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
};

/**
 * The SCORM 1.2 run-time API a package looks for as `window.API` in its parent frame. It keeps the
 * values for the visit only (the server records completion, not the package's data) and calls
 * `onDone` the first time the package reports itself passed or completed.
 */
export function createScorm12Api(learnerName: string, onDone: () => void): Scorm12Api {
  const values = new Map<string, string>([
    ['cmi.core.lesson_status', 'not attempted'],
    ['cmi.core.student_name', learnerName],
    ['cmi.core.entry', 'ab-initio'],
    ['cmi.core.lesson_mode', 'normal'],
  ]);
  let done = false;
  const yes = () => 'true';
  return {
    LMSInitialize: yes,
    LMSFinish: yes,
    LMSCommit: yes,
    LMSGetLastError: () => '0',
    LMSGetErrorString: () => '',
    LMSGetDiagnostic: () => '',
    LMSGetValue: (element) => values.get(element) ?? '',
    LMSSetValue(element, value) {
      values.set(element, String(value));
      if (element === 'cmi.core.lesson_status' && DONE_STATUSES.has(String(value)) && !done) {
        done = true;
        onDone();
      }
      return 'true';
    },
  };
}
