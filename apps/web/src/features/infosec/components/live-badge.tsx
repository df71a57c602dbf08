import { useTranslation } from 'react-i18next';
import type { RealtimeStatus } from '../../../lib/socket.ts';
import classes from '../infosec-board.module.css';

/** The connection's state in the board's corner: a pulsing green dot while updates arrive live. */
export function LiveBadge({ status }: { status: RealtimeStatus }) {
  const { t } = useTranslation();
  return (
    <span className={classes.live} data-status={status} role="status" data-testid="infosec-live">
      <span className={classes.dot} aria-hidden />
      {t(`infosec.status.${status}`)}
    </span>
  );
}
