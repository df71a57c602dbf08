import { isUntitledName } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CloseModal } from './close-modal.tsx';
import { NameModal, type NameModalTexts } from './name-modal.tsx';

/** What waits for a name: an untitled campaign is named before it is saved or started (spec 2 §5). */
type NamedAction = 'save' | 'saveAndLeave' | 'finish';

interface WizardNamingSetup {
  /** The campaign's name as the wizard has it now. */
  name: string;
  saveDraft: (name: string, leave: boolean) => unknown;
  finish: (name: string) => unknown;
  /** Whether leaving would lose changes, so closing asks first. */
  closeNeedsConfirm: () => boolean;
  /** The kind's list, where closing goes. */
  listPath: string;
  /**
   * Starting sends right away to `count` employees (a send-now schedule), so it is asked about first
   * with the kind's texts (`<texts>.sendNow.title`, `.text`, `.confirm`); null when nothing goes out
   * at once.
   */
  sendNow: { texts: string; count: number } | null;
}

export interface WizardDialogsProps {
  saving: boolean;
  /** Takes the name given in the name modal. */
  onRename: (name: string) => void;
  nameTexts?: NameModalTexts;
  closeText?: string;
}

/**
 * Saving, starting and closing a wizard: an untitled campaign asks for a name first, starting one
 * that sends at once asks for a go-ahead, and closing with unsaved changes asks whether to save them.
 * Render `dialogs` once in the wizard.
 */
export function useWizardNaming({
  name,
  saveDraft,
  finish,
  closeNeedsConfirm,
  listPath,
  sendNow,
}: WizardNamingSetup) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = () => void navigate(listPath);
  const [naming, setNaming] = useState<NamedAction | null>(null);
  const [closing, setClosing] = useState(false);

  const runNamed = (what: NamedAction, named: string) => {
    if (what !== 'finish') return void saveDraft(named, what === 'saveAndLeave');
    if (!sendNow) return void finish(named);
    openConfirmDialog({
      title: t(`${sendNow.texts}.sendNow.title`),
      message: t(`${sendNow.texts}.sendNow.text`, { name: named, count: sendNow.count }),
      confirmLabel: t(`${sendNow.texts}.sendNow.confirm`),
      cancelLabel: t('actions.cancel'),
      onConfirm: () => void finish(named),
    });
  };
  const withName = (what: NamedAction) => {
    if (isUntitledName(name)) setNaming(what);
    else runNamed(what, name);
  };
  const close = () => {
    if (closeNeedsConfirm()) setClosing(true);
    else leave();
  };

  const dialogs = ({ saving, onRename, nameTexts, closeText }: WizardDialogsProps) => (
    <>
      <NameModal
        opened={naming !== null}
        onClose={() => setNaming(null)}
        texts={nameTexts}
        onSubmit={(named) => {
          const what = naming;
          setNaming(null);
          onRename(named);
          if (what) runNamed(what, named);
        }}
      />
      <CloseModal
        opened={closing}
        saving={saving}
        text={closeText}
        onCancel={() => setClosing(false)}
        onDiscard={leave}
        onSave={() => {
          setClosing(false);
          withName('saveAndLeave');
        }}
      />
    </>
  );

  return { save: () => withName('save'), finish: () => withName('finish'), close, dialogs };
}

/**
 * The employees the wizard's lists reach: the server counts someone in two lists once; the lists'
 * sizes stand in until it answers.
 */
export function selectedAudience<L extends { id: string; usersCount: number }>(
  lists: readonly L[] | undefined,
  listIds: readonly string[],
  counted: number | undefined,
): { selectedLists: L[]; selectedUserCount: number } {
  const selectedLists = (lists ?? []).filter((list) => listIds.includes(list.id));
  const selectedUserCount =
    listIds.length === 0 ? 0 : (counted ?? selectedLists.reduce((sum, list) => sum + list.usersCount, 0));
  return { selectedLists, selectedUserCount };
}
