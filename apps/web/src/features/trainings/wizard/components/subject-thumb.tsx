import { IconArrowsSplit2, IconPlayerPlayFilled } from '@tabler/icons-react';
import { SUBJECT_TYPES } from '@vigil/shared';
import classes from '../wizard.module.css';

/** A subject's thumbnail at list size (16:9), or its kind's icon when it has none. */
export function SubjectThumb({ thumb, type }: { thumb: string | null; type: number }) {
  return (
    <div className={classes.thumb} aria-hidden>
      {thumb ? (
        <img src={thumb} alt="" loading="lazy" decoding="async" width={96} height={54} />
      ) : type === SUBJECT_TYPES.decision ? (
        <IconArrowsSplit2 size={22} stroke={1.5} />
      ) : (
        <IconPlayerPlayFilled size={20} />
      )}
    </div>
  );
}
