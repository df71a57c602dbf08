/**
 * Validates a package's manifest against the official schemas, offline, with xmllint compiled to
 * WebAssembly (xmllint-wasm). Each SCORM set is loaded through a small wrapper schema that imports every
 * namespace the manifest uses, so the adlcp, imsss and adlseq parts are checked too, not skipped as
 * foreign attributes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import type { PackageFormat } from '@vigil/shared';

const XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'xsd');

const load = (dir: string) =>
  readdirSync(path.join(XSD, dir))
    .filter((f) => (f.endsWith('.xsd') || f.endsWith('.dtd')) && !f.startsWith('imsmd'))
    .map((fileName) => ({ fileName, contents: readFileSync(path.join(XSD, dir, fileName), 'utf8') }));

const wrapper = (imports: [string, string][]) => `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:vigil:schema-wrapper">
${imports.map(([ns, file]) => `  <xs:import namespace="${ns}" schemaLocation="${file}"/>`).join('\n')}
</xs:schema>
`;

const SETS: Record<PackageFormat, { dir: string; imports: [string, string][] }> = {
  scorm12: {
    dir: 'scorm12',
    imports: [
      ['http://www.imsproject.org/xsd/imscp_rootv1p1p2', 'imscp_rootv1p1p2.xsd'],
      ['http://www.adlnet.org/xsd/adlcp_rootv1p2', 'adlcp_rootv1p2.xsd'],
    ],
  },
  scorm2004: {
    dir: 'scorm2004',
    imports: [
      ['http://www.imsglobal.org/xsd/imscp_v1p1', 'imscp_v1p1.xsd'],
      ['http://www.adlnet.org/xsd/adlcp_v1p3', 'adlcp_v1p3.xsd'],
      ['http://www.adlnet.org/xsd/adlseq_v1p3', 'adlseq_v1p3.xsd'],
      ['http://www.adlnet.org/xsd/adlnav_v1p3', 'adlnav_v1p3.xsd'],
      ['http://www.imsglobal.org/xsd/imsss', 'imsss_v1p0.xsd'],
    ],
  },
  cmi5: {
    dir: 'cmi5',
    imports: [['https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd', 'CourseStructure.xsd']],
  },
};

/**
 * The schema errors of a manifest (empty when valid). SCORM 1.2's ims_xml.xsd declares the xml
 * namespace that libxml2 already knows; its one complaint about that is not about the manifest.
 */
export async function schemaErrors(format: PackageFormat, xml: string): Promise<string[]> {
  const set = SETS[format];
  const result = await validateXML({
    xml: [{ fileName: format === 'cmi5' ? 'cmi5.xml' : 'imsmanifest.xml', contents: xml }],
    schema: [{ fileName: 'wrapper.xsd', contents: wrapper(set.imports) }],
    preload: load(set.dir),
  });
  return result.errors
    .map((e) => e.rawMessage)
    .filter((m) => /error/i.test(m) && !(format === 'scorm12' && /ims_xml\.xsd/.test(m)));
}
