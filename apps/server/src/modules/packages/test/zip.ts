/** Reads a zip the server answered (tests only): every entry's name and text (binary entries by size). */
import yauzl from 'yauzl';

export interface ZipEntries {
  names: string[];
  text: (name: string) => string;
  size: (name: string) => number;
}

export function readZip(buffer: Buffer): Promise<ZipEntries> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () =>
        resolve({
          names: [...files.keys()],
          text: (name) => {
            const f = files.get(name);
            if (!f) throw new Error(`${name} is not in the zip`);
            return f.toString('utf8');
          },
          size: (name) => files.get(name)?.length ?? -1,
        }),
      );
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The launch page's config (the JSON in its vigil-config script). */
export function launchConfig(indexHtml: string): Record<string, unknown> {
  const m = /<script id="vigil-config" type="application\/json">([\s\S]*?)<\/script>/.exec(indexHtml);
  if (!m) throw new Error('no config in the launch page');
  return JSON.parse(m[1]!) as Record<string, unknown>;
}
