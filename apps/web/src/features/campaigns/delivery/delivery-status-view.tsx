import type { DeliveryEventRow } from '@vigil/shared';
import { useState } from 'react';
import type { CampaignDeliverySource } from '../api/campaign-deliveries.ts';
import { DeliveriesTable } from './deliveries-table.tsx';
import { DeliveryUsersTable, type DeliveryResend } from './delivery-users-table.tsx';

interface DeliveryStatusViewProps {
  source: CampaignDeliverySource;
  firstSend: 'batch' | 'invitation';
  subjectTitles?: ReadonlyMap<string, string>;
  /** Where the kind lets an admin send an event again; called with the event. */
  resend?: ((event: DeliveryEventRow) => DeliveryResend) | undefined;
  /** Told when an event is opened or closed (a modal forgets it when it closes). */
  event?: DeliveryEventRow | null;
  onEventChange?: (event: DeliveryEventRow | null) => void;
}

/** Spec 2 §2: the delivery status of any campaign, per event and then per employee and channel. */
export function DeliveryStatusView({
  source,
  firstSend,
  subjectTitles,
  resend,
  event: controlled,
  onEventChange,
}: DeliveryStatusViewProps) {
  const [own, setOwn] = useState<DeliveryEventRow | null>(null);
  const event = controlled === undefined ? own : controlled;
  const open = onEventChange ?? setOwn;
  return event ? (
    <DeliveryUsersTable
      key={event.id}
      event={event}
      source={source}
      resend={resend?.(event)}
      onBack={() => open(null)}
    />
  ) : (
    <DeliveriesTable source={source} firstSend={firstSend} subjectTitles={subjectTitles} onOpen={open} />
  );
}
