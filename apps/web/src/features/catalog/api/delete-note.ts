import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { refreshSubject, subjectPath } from './catalog-keys.ts';
import { NoteAnswer } from './save-note.ts';

export function deleteNote(companyId: string, subjectId: string, noteId: string) {
  return apiFetch(`${subjectPath(companyId, subjectId)}/notes/${encodeURIComponent(noteId)}`, NoteAnswer, {
    method: 'DELETE',
  });
}

/** DELETE …/notes/{noteId} (admins): answers 'Note deleted.'. */
export function useDeleteNote(companyId: string, subjectId: string) {
  return useMutation({
    mutationFn: (noteId: string) => deleteNote(companyId, subjectId, noteId),
    onSuccess: () => refreshSubject(companyId, subjectId),
  });
}
