import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { PublicNotification } from '@vigil/shared';

/**
 * The public notification file (spec 1 §3): an operator writes it by hand to put a banner in front of
 * every manager, so it is read on each request and a change shows within the clients' cache time.
 */
export class NotificationFile {
  /** The text last reported as invalid: a broken file is logged once, not on every request. */
  private reported: string | null = null;

  constructor(
    private readonly file: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The notification, or null when there is no file or it does not hold a valid one. */
  async read(): Promise<PublicNotification | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return null;
    }
    const parsed = PublicNotification.safeParse(parseJson(text));
    if (parsed.success) {
      this.reported = null;
      return parsed.data;
    }
    if (this.reported !== text) {
      this.reported = text;
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`);
      this.log.warn(
        { file: this.file, problems },
        'The public notification file is not valid; it is not served.',
      );
    }
    return null;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
