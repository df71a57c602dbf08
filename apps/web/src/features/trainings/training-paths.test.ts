import { describe, expect, it } from 'vitest';
import {
  newTrainingWith,
  parseTrainingRef,
  startSubjectsOf,
  TRAINING_PATHS,
  trainingNotFoundPath,
  trainingOpenPath,
  trainingReportPath,
} from './training-paths.ts';

const ID = '6f1c2a1e-3b4d-4c5e-8f90-1a2b3c4d5e6f';

describe('training paths', () => {
  it('writes every route of the area with its trailing slash', () => {
    expect(TRAINING_PATHS.tab('all')).toBe('/trainings/');
    expect(TRAINING_PATHS.tab('draft')).toBe('/trainings/draft/');
    expect(TRAINING_PATHS.copy(ID)).toBe(`/trainings/create/copy/${ID}/`);
    expect(TRAINING_PATHS.edit(ID)).toBe(`/trainings/edit/${ID}/`);
    expect(TRAINING_PATHS.employee(ID, 'ana+1@x.io')).toBe(`/trainings/${ID}/user/ana%2B1%40x.io/`);
  });

  it('places the report pages under the company, outside the trainings area', () => {
    expect(trainingReportPath('c-1', ID, 'summary')).toBe(`/c-1/training-report/${ID}/`);
    expect(trainingReportPath('c-1', ID, 'users')).toBe(`/c-1/training-users-report/${ID}/`);
  });

  it('gives a SCORM program the p form of the detail address', () => {
    expect(TRAINING_PATHS.view({ id: ID, isScorm: false })).toBe(`/trainings/${ID}/view/`);
    expect(TRAINING_PATHS.view({ id: ID, isScorm: true })).toBe(`/trainings/p${ID}/view/`);
  });

  it('opens a draft in the edit wizard for admins and every other status in the view', () => {
    const training = { id: ID, isScorm: false };
    expect(trainingOpenPath({ ...training, status: 'draft' }, true)).toBe(`/trainings/edit/${ID}/`);
    expect(trainingOpenPath({ ...training, status: 'draft' }, false)).toBe(`/trainings/${ID}/view/`);
    expect(trainingOpenPath({ ...training, status: 'active' }, true)).toBe(`/trainings/${ID}/view/`);
    expect(trainingOpenPath({ ...training, status: 'scheduled' }, true)).toBe(`/trainings/${ID}/view/`);
  });

  it('reads both forms of a detail address and refuses anything else', () => {
    expect(parseTrainingRef(ID)).toEqual({ id: ID, scorm: false });
    expect(parseTrainingRef(`p${ID}`)).toEqual({ id: ID, scorm: true });
    expect(parseTrainingRef('p')).toBeNull();
    expect(parseTrainingRef('42')).toBeNull();
    expect(parseTrainingRef(`pp${ID}`)).toBeNull();
    expect(parseTrainingRef(undefined)).toBeNull();
  });

  it('carries the not-found notice to the list', () => {
    const url = new URL(trainingNotFoundPath('Training program not found :('), 'http://x');
    expect(url.pathname).toBe('/trainings/');
    expect(url.searchParams.get('message')).toBe('Training program not found :(');
    expect(url.searchParams.get('messageType')).toBe('warning');
  });

  it('carries the subjects a new program starts with in the navigation state, and reads only those', () => {
    const subject = { id: 's1', title: 'One', thumb: '/t.svg', type: 5, duration: 150 };
    const start = newTrainingWith([{ ...subject, disabled: false } as typeof subject]);
    expect(start.to).toBe('/trainings/create/');
    expect(start.state).toEqual({ startSubjects: [subject] });
    expect(startSubjectsOf(start.state)).toEqual([subject]);
    expect(startSubjectsOf(null)).toEqual([]);
    expect(startSubjectsOf({ startSubjects: [] })).toEqual([]);
    expect(startSubjectsOf({ startSubjects: [{ id: 's1' }] })).toEqual([]);
  });
});
