import type { LearnerHome } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import type { JobName, JobPayload } from '../../jobs/jobs.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import type { DeliverySource } from '../delivery/delivery.send.ts';
import type { ClaimedRow, DeliveryTables } from '../delivery/delivery.send.ts';

/**
 * The campaign core. A campaign (a training program, an assessment, later a phishing simulation) is
 * started by a manager, reaches the employees of some lists through events (a first send, then
 * reminders), each event fanned out into one delivery per employee and channel, which the send loop
 * (modules/delivery) drains exactly once. What differs between kinds plugs in through `CampaignKind`;
 * a kind registers itself at start-up (campaign-kinds.ts), and the core and the send loop never
 * import a kind.
 */

/** The employee behind a learner link, with the scope the learner guard minted for them. */
export interface LearnerIdentity {
  employeeId: string;
  companyId: string;
  email: string;
  name: string;
  /** The employee's own language, when they have one (else the company's default applies). */
  language?: string | null;
  lastUsedAt: Date | null;
  /** The employee's company, as their principal: every query of a learner call takes it. */
  scope: CompanyScope;
}

/** A learner token's employee, before the learner guard mints their scope. */
export type TokenHolder = Omit<LearnerIdentity, 'scope'>;

/** A campaign kind's queue: a job of jobs/jobs.ts whose payload is empty. */
export type CampaignQueue = {
  [N in JobName]: Record<string, never> extends JobPayload<N> ? N : never;
}[JobName];

export interface CampaignKind {
  /** 'training', 'assessment', … */
  name: string;
  /** The queues of its dispatch tick and of its send loop. */
  queues: { dispatch: CampaignQueue; send: CampaignQueue };
  /** Its deliveries and events tables (the send loop's shape, see DeliveryTables). */
  tables: DeliveryTables;
  /**
   * One dispatch tick over every company (a cross-company system task): its status rules (start,
   * close, complete) and the fan-out of due events into deliveries. Returns the events started.
   */
  dispatchAcrossCompanies(db: Db, now?: Date): Promise<number>;
  /** What its due deliveries send: how they are claimed and grouped, each group's message and link. */
  source(): DeliverySource<ClaimedRow>;
  /** What it adds to the learner's home page, if anything. */
  learnerHome?(db: Db, learner: LearnerIdentity, now?: Date): Promise<Partial<LearnerHome>>;
}

const kinds = new Map<string, CampaignKind>();

/** Registers a kind (again: the later definition wins, so several apps in one test process are fine). */
export function registerCampaignKind(kind: CampaignKind): void {
  kinds.set(kind.name, kind);
}

export function campaignKinds(): CampaignKind[] {
  return [...kinds.values()];
}

export function campaignKind(name: string): CampaignKind {
  const kind = kinds.get(name);
  if (!kind) throw new Error(`No campaign kind "${name}" is registered`);
  return kind;
}
