import { TIMINGS } from '@vigil/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { showMessage, type MessageType } from '../../components/app-messages.ts';

const TYPES: readonly MessageType[] = ['success', 'warning', 'error', 'info'];

/**
 * A `message` query parameter (with `messageType`) on any route shows a notice for 7 seconds
 * (spec 1 §2); the parameters are then dropped from the address so a reload does not repeat it.
 */
export function useQueryNotice(): void {
  const [params, setParams] = useSearchParams();
  const message = params.get('message');
  const requested = params.get('messageType');

  useEffect(() => {
    if (!message) return;
    const type = TYPES.find((candidate) => candidate === requested) ?? 'info';
    showMessage({ id: `query-notice:${message}`, type, message, autoClose: TIMINGS.queryNoticeMs });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('message');
        next.delete('messageType');
        return next;
      },
      { replace: true },
    );
  }, [message, requested, setParams]);
}
