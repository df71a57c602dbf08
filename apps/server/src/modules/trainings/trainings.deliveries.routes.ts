import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeliveryEventRow,
  DeliveryUsersPage,
  DeliveryUsersQuery,
  MailDetail,
  ReminderCount,
  ReminderSelection,
  ReminderSend,
  ReminderSendResponse,
  ResendInput,
  ROLES,
  SigninLinkResponse,
  TrainingUserDetail,
} from '@vigil/shared';
import { requireCompany, requireSuperAdmin, signedIn, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import {
  deliveryStatus,
  eventUsers,
  mailDetail,
  reminderCount,
  resendDelivery,
  sendReminders,
  signinLink,
  trainingUser,
} from './trainings.deliveries.service.ts';

const TrainingParams = CompanyParams.extend({ trainingId: z.uuid() });
const EventParams = TrainingParams.extend({ eventId: z.uuid() });
const UserParams = TrainingParams.extend({ email: z.email() });
const MailParams = UserParams.extend({ mailId: z.uuid() });
const Message = z.object({ message: z.string() });

/** A started program's deliveries, reminders and per-employee details (spec 2 §7 training operations). */
export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const tags = ['deliveries'];
  const viewer = requireCompany(ROLES.viewer);
  const admin = requireCompany(ROLES.admin);
  const base = '/companies/:id/automations/:trainingId';

  r.post(
    `${base}/reminders/count`,
    {
      preHandler: viewer,
      schema: { tags, params: TrainingParams, body: ReminderSelection, response: { 200: ReminderCount } },
    },
    async (request) => reminderCount(db, tenantOf(request), request.params.trainingId, request.body),
  );

  r.post(
    `${base}/reminders`,
    {
      preHandler: admin,
      schema: { tags, params: TrainingParams, body: ReminderSend, response: { 200: ReminderSendResponse } },
    },
    async (request) => sendReminders(ctx, tenantOf(request), request.params.trainingId, request.body),
  );

  r.get(
    `${base}/deliveries`,
    {
      preHandler: viewer,
      schema: { tags, params: TrainingParams, response: { 200: z.array(DeliveryEventRow) } },
    },
    async (request) => deliveryStatus(db, tenantOf(request), request.params.trainingId),
  );

  r.get(
    `${base}/deliveries/:eventId/users`,
    {
      preHandler: viewer,
      schema: {
        tags,
        params: EventParams,
        querystring: DeliveryUsersQuery,
        response: { 200: DeliveryUsersPage },
      },
    },
    async (request) =>
      eventUsers(db, tenantOf(request), request.params.trainingId, request.params.eventId, request.query),
  );

  r.post(
    `${base}/deliveries/:eventId/resend`,
    {
      preHandler: admin,
      schema: { tags, params: EventParams, body: ResendInput, response: { 200: Message } },
    },
    async (request) =>
      resendDelivery(
        ctx,
        tenantOf(request),
        request.params.trainingId,
        request.params.eventId,
        request.body.email,
      ),
  );

  r.get(
    `${base}/users/:email`,
    { preHandler: viewer, schema: { tags, params: UserParams, response: { 200: TrainingUserDetail } } },
    async (request) =>
      trainingUser(
        db,
        tenantOf(request),
        request.params.trainingId,
        request.params.email,
        signedIn(request).user.isSuperAdmin,
      ),
  );

  r.get(
    `${base}/users/:email/mails/:mailId`,
    {
      preHandler: [requireSuperAdmin, viewer],
      schema: { tags, params: MailParams, response: { 200: MailDetail } },
    },
    async (request) =>
      mailDetail(
        db,
        tenantOf(request),
        request.params.trainingId,
        request.params.email,
        request.params.mailId,
      ),
  );

  r.post(
    `${base}/users/:email/link`,
    { preHandler: admin, schema: { tags, params: UserParams, response: { 200: SigninLinkResponse } } },
    async (request) => signinLink(ctx, tenantOf(request), request.params.trainingId, request.params.email),
  );
}
