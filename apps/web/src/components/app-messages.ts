import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@vigil/shared';

export type MessageType = 'success' | 'warning' | 'error' | 'info';

const MESSAGE_COLORS: Record<MessageType, string> = {
  success: 'green',
  warning: 'yellow',
  error: 'red',
  info: 'blue',
};

interface AppMessage {
  /** A message with the same id as one on screen is not shown twice. */
  id?: string;
  type: MessageType;
  message: string;
  title?: string;
  /** How long it stays; the spec's 5000 ms when not given. */
  autoClose?: number;
}

/** Shows a message that hides itself after 5 seconds (spec 1 §4 Messages). */
export function showMessage({
  id,
  type,
  message,
  title,
  autoClose = TIMINGS.messageDisplayMs,
}: AppMessage): void {
  notifications.show({
    id,
    color: MESSAGE_COLORS[type],
    title,
    message,
    autoClose,
    withBorder: true,
    'data-testid': `message-${type}`,
  });
}
