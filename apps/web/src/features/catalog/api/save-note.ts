import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { refreshSubject, subjectPath } from './catalog-keys.ts';

/** What a note change answers: 'Note saved.' or 'Note deleted.'. */
export const NoteAnswer = z.object({ message: z.string() });

export interface NoteInput {
  /** The note to change; a new note when absent. */
  noteId?: string;
  content: string;
}

export function saveNote(companyId: string, subjectId: string, { noteId, content }: NoteInput) {
  const notes = `${subjectPath(companyId, subjectId)}/notes`;
  return noteId
    ? apiFetch(`${notes}/${encodeURIComponent(noteId)}`, NoteAnswer, { method: 'PUT', body: { content } })
    : apiFetch(notes, NoteAnswer, { method: 'POST', body: { content } });
}

/** POST …/notes or PUT …/notes/{noteId} (admins): answers 'Note saved.'. */
export function useSaveNote(companyId: string, subjectId: string) {
  return useMutation({
    mutationFn: (input: NoteInput) => saveNote(companyId, subjectId, input),
    onSuccess: () => refreshSubject(companyId, subjectId),
  });
}
