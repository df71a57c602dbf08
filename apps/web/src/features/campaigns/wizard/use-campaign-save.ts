import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';

/** Spec 2 §9: the wizard's error toasts stay 15 seconds. */
const WIZARD_ERROR_MS = 15_000;

/** A wizard's save failed: the reason, as long as the spec keeps wizard errors up. */
export function showWizardError(message: string): void {
  showMessage({ type: 'error', message, autoClose: WIZARD_ERROR_MS });
}

/** Moves the address to the stored campaign without the router, so that the wizard is not mounted again. */
function replaceWizardAddress(path: string): void {
  window.history.replaceState(window.history.state, '', path);
}

interface CampaignSaveSetup<Saved extends { id: string }> {
  draft: { id: string | null };
  /**
   * Stores the campaign with this status and name through the kind's API; null when the kind refused
   * to send it (and said why).
   */
  store: (status: 'draft' | 'scheduled', name: string) => Promise<Saved | null>;
  /** The stored campaign, back from the server (the wizard keeps its id and status). */
  onStored: (saved: Saved) => void;
  /** The server refused or could not be reached: the kind says why. */
  onFailed: (error: unknown) => void;
  /** The wizard's address of a stored campaign. */
  editPath: (id: string) => string;
  /** The status "Save" keeps: a running campaign stays scheduled, anything else is a draft. */
  saveStatus: 'draft' | 'scheduled';
  /** The kind's success text of "Save": the first save's, or an update's. */
  savedMessage: (update: boolean) => string;
  /** Whether the wizard goes back to the list after "Save", by the kind's rule. */
  leavesAfterSave: (save: { update: boolean; status: 'draft' | 'scheduled' }) => boolean;
  /** Whether finishing updates a campaign that was already out rather than starting it. */
  running: boolean;
  listPath: string;
  /** Opens the success step. */
  onStarted: () => void;
}

/**
 * Saving a draft and finishing (Create, Activate or Update, spec 2 §4): which button waits, the
 * success message and the way back to the list, and whether the campaign was started or updated.
 */
export function useCampaignSave<Saved extends { id: string }>(setup: CampaignSaveSetup<Saved>) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<'save' | 'action' | null>(null);
  /** Set once finishing succeeded: whether the campaign was started or an already running one updated. */
  const [outcome, setOutcome] = useState<'started' | 'updated' | null>(null);

  async function persist(status: 'draft' | 'scheduled', name: string): Promise<boolean> {
    try {
      const saved = await setup.store(status, name);
      if (!saved) return false;
      setup.onStored(saved);
      if (setup.draft.id === null) replaceWizardAddress(setup.editPath(saved.id));
      return true;
    } catch (error) {
      setup.onFailed(error);
      return false;
    }
  }

  /** The first save creates the campaign and keeps its id; later ones update it. */
  async function saveDraft(name: string, leave = false): Promise<void> {
    const status = setup.saveStatus;
    const update = setup.draft.id !== null;
    setPending('save');
    const saved = await persist(status, name);
    setPending(null);
    if (!saved) return;
    showMessage({ type: 'success', message: setup.savedMessage(update) });
    if (leave || setup.leavesAfterSave({ update, status })) void navigate(setup.listPath);
  }

  async function finish(name: string): Promise<void> {
    const running = setup.running;
    setPending('action');
    const saved = await persist('scheduled', name);
    setPending(null);
    if (!saved) return;
    setOutcome(running ? 'updated' : 'started');
    setup.onStarted();
  }

  return { saveDraft, finish, pending, outcome };
}
