/**
 * Validates an Outlook add-in manifest against Microsoft's add-in manifest schemas, offline, with
 * xmllint compiled to WebAssembly (xmllint-wasm). The schemas and where each comes from are in
 * `fixtures/xsd/README.md`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'xsd');

const schemas = () =>
  readdirSync(XSD)
    .filter((f) => f.endsWith('.xsd'))
    .map((fileName) => ({ fileName, contents: readFileSync(path.join(XSD, fileName), 'utf8') }));

/** The schema errors of a manifest (empty when valid). */
export async function manifestSchemaErrors(xml: string): Promise<string[]> {
  const all = schemas();
  const root = all.find((s) => s.fileName === 'OfficeAppManifestV1_1.xsd')!;
  const result = await validateXML({
    xml: [{ fileName: 'manifest.xml', contents: xml }],
    schema: [root],
    preload: all.filter((s) => s !== root),
  });
  return result.errors.map((e) => e.rawMessage);
}
