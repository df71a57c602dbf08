import { useRef, useState } from 'react';
import { fileSizeError, readEmployeeFile, type FileEncoding } from './read-employee-file.ts';

export type EmployeeFileState =
  | { status: 'empty' }
  | { status: 'reading' }
  | { status: 'refused'; error: string }
  | { status: 'unreadable' }
  | { status: 'ready'; file: File; records: string[]; version: number };

/** Numbers every read of a file, across imports, so each set of lines has a key of its own. */
let reads = 0;

/**
 * The chosen employee file and its lines in the chosen encoding. A refused file (not text, too large,
 * no rows) is not kept; changing the encoding reads the kept file again (spec 3 §4).
 */
export function useEmployeeFile() {
  const [encoding, setEncoding] = useState<FileEncoding>('utf-8');
  const [state, setState] = useState<EmployeeFileState>({ status: 'empty' });
  const latest = useRef(0);

  const read = async (file: File, nextEncoding: FileEncoding) => {
    reads += 1;
    const version = reads;
    latest.current = version;
    const sizeError = fileSizeError(file.size);
    if (sizeError) return setState({ status: 'refused', error: sizeError });
    setState({ status: 'reading' });
    const result = await file
      .arrayBuffer()
      .then((buffer) => readEmployeeFile(new Uint8Array(buffer), nextEncoding))
      .catch(() => null);
    // A file chosen meanwhile wins over this one.
    if (latest.current !== version) return;
    if (!result) return setState({ status: 'unreadable' });
    setState(
      result.ok
        ? { status: 'ready', file, records: result.records, version }
        : { status: 'refused', error: result.error },
    );
  };

  return {
    state,
    encoding,
    choose: (file: File) => void read(file, encoding),
    changeEncoding: (next: FileEncoding) => {
      setEncoding(next);
      if (state.status === 'ready') void read(state.file, next);
    },
    reset: () => {
      latest.current = 0;
      setState({ status: 'empty' });
    },
  };
}
