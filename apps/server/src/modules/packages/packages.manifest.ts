/**
 * The manifests of a package (pure): imsmanifest.xml for SCORM 1.2 and SCORM 2004 3rd Edition, cmi5.xml
 * for cmi5. Every identifier derives from the program's `uniqueId`, so two downloads of one program
 * carry the same package, course and activity ids (an LMS updates the course instead of adding one).
 */
import escapeHtml from 'escape-html';
import { PACKAGE_MASTERY_SCORE, type PackageFormat, type PackageKind } from '@vigil/shared';

export interface ManifestUnit {
  /** Stable within the package. */
  id: string;
  title: string;
  description: string;
}

export interface ManifestInput {
  kind: PackageKind;
  uniqueId: string;
  title: string;
  description: string;
  /** The /cmi5 admin's objective; empty for programs. */
  objective?: { title: string; description: string } | undefined;
  /** One SCO / AU each; a program has one. */
  units: ManifestUnit[];
  /** The files of the launch resource (relative paths, the launch page first). */
  files: string[];
}

/** The launch page every unit opens; the unit is named in the query. */
export const LAUNCH_PAGE = 'index.html';

const x = (s: string) => escapeHtml(s);

/** The package's identifier (an XML ID: a letter first, then letters, digits, '-', '_', '.'). */
export const manifestId = (kind: PackageKind, uniqueId: string) => `vigil-${kind}-${uniqueId}`;

/** The cmi5 course IRI, and an AU's, stable whatever host serves us. */
export const courseIri = (kind: PackageKind, uniqueId: string) => `urn:vigil:${kind}:${uniqueId}`;
export const auIri = (kind: PackageKind, uniqueId: string, unitId: string) =>
  `${courseIri(kind, uniqueId)}:au:${unitId}`;

/** The unit's launch address inside the package. */
export const unitHref = (unit: ManifestUnit, many: boolean) =>
  many ? `${LAUNCH_PAGE}?unit=${encodeURIComponent(unit.id)}` : LAUNCH_PAGE;

/** moveOn of cmi5: a training is done when completed; an assessment or cmi5 unit also needs a pass. */
export const moveOnOf = (kind: PackageKind) => (kind === 'training' ? 'Completed' : 'CompletedAndPassed');

/** The files SCORM 1.2's schemaLocation names, shipped at the zip root beside the manifest. */
export const SCORM12_SCHEMAS = [
  'imscp_rootv1p1p2.xsd',
  'adlcp_rootv1p2.xsd',
  'imsmd_rootv1p2p1.xsd',
  'ims_xml.xsd',
] as const;
export const SCORM2004_SCHEMAS = [
  'imscp_v1p1.xsd',
  'adlcp_v1p3.xsd',
  'adlseq_v1p3.xsd',
  'adlnav_v1p3.xsd',
  'imsss_v1p0.xsd',
  'imsss_v1p0auxresource.xsd',
  'imsss_v1p0control.xsd',
  'imsss_v1p0delivery.xsd',
  'imsss_v1p0limit.xsd',
  'imsss_v1p0objective.xsd',
  'imsss_v1p0random.xsd',
  'imsss_v1p0rollup.xsd',
  'imsss_v1p0seqrule.xsd',
  'imsss_v1p0util.xsd',
  'xml.xsd',
  'XMLSchema.dtd',
  'datatypes.dtd',
] as const;

/** What SCORM 1.2 and SCORM 2004 3rd Edition write differently in the one manifest below. */
interface ScormDialect {
  /** The manifest element's namespaces and schemaLocation (its attribute lines). */
  namespaces: string;
  schemaversion: string;
  /** The resource's SCO attribute: `scormtype` in 1.2, `scormType` in 2004. */
  scormTypeAttribute: string;
  /** What an item of a scored program (assessments, cmi5 units) adds after its title. */
  mastery: (i: number) => string;
}

const SCORM12: ScormDialect = {
  namespaces: `
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd"`,
  schemaversion: '1.2',
  scormTypeAttribute: 'adlcp:scormtype',
  mastery: () => `
        <adlcp:masteryscore>${PACKAGE_MASTERY_SCORE}</adlcp:masteryscore>`,
};

const SCORM2004: ScormDialect = {
  namespaces: `
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd"`,
  schemaversion: '2004 3rd Edition',
  scormTypeAttribute: 'adlcp:scormType',
  // The primary objective is satisfied by the scaled score reaching the mastery score.
  mastery: (i) => `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="obj-${i + 1}" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${PACKAGE_MASTERY_SCORE / 100}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`,
};

/** imsmanifest.xml: one organization with an item per unit, each a SCO resource of the package's files. */
function scormManifest(m: ManifestInput, d: ScormDialect): string {
  const many = m.units.length > 1;
  const scored = m.kind !== 'training';
  const items = m.units
    .map(
      (u, i) => `      <item identifier="item-${i + 1}" identifierref="res-${i + 1}">
        <title>${x(u.title)}</title>${scored ? d.mastery(i) : ''}
      </item>`,
    )
    .join('\n');
  const files = m.files.map((f) => `      <file href="${x(f)}"/>`).join('\n');
  const resources = m.units
    .map(
      (u, i) =>
        `    <resource identifier="res-${i + 1}" type="webcontent" ${d.scormTypeAttribute}="sco" href="${x(unitHref(u, many))}">
${files}
    </resource>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${manifestId(m.kind, m.uniqueId)}" version="1"${d.namespaces}>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${d.schemaversion}</schemaversion>
  </metadata>
  <organizations default="org-${m.uniqueId}">
    <organization identifier="org-${m.uniqueId}">
      <title>${x(m.title)}</title>
${items}
    </organization>
  </organizations>
  <resources>
${resources}
  </resources>
</manifest>
`;
}

export const scorm12Manifest = (m: ManifestInput) => scormManifest(m, SCORM12);
export const scorm2004Manifest = (m: ManifestInput) => scormManifest(m, SCORM2004);

const langstring = (s: string) => `<langstring lang="en-US">${x(s)}</langstring>`;

export function cmi5Manifest(m: ManifestInput): string {
  const course = courseIri(m.kind, m.uniqueId);
  const many = m.units.length > 1;
  const objective = m.objective && m.objective.title ? m.objective : null;
  const objectiveId = `${course}:objective:1`;
  const mastery = m.kind === 'training' ? '' : ` masteryScore="${PACKAGE_MASTERY_SCORE / 100}"`;
  const aus = m.units
    .map(
      (
        u,
      ) => `  <au id="${x(auIri(m.kind, m.uniqueId, u.id))}" moveOn="${moveOnOf(m.kind)}"${mastery} launchMethod="AnyWindow">
    <title>${langstring(u.title)}</title>
    <description>${langstring(u.description)}</description>${objective ? `\n    <objectives><objective idref="${x(objectiveId)}"/></objectives>` : ''}
    <url>${x(unitHref(u, many))}</url>
  </au>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${x(course)}">
    <title>${langstring(m.title)}</title>
    <description>${langstring(m.description)}</description>
  </course>${
    objective
      ? `
  <objectives>
    <objective id="${x(objectiveId)}">
      <title>${langstring(objective.title)}</title>
      <description>${langstring(objective.description)}</description>
    </objective>
  </objectives>`
      : ''
  }
${aus}
</courseStructure>
`;
}

/** The manifest file of a format: its name and text. */
export function manifestOf(format: PackageFormat, m: ManifestInput): { name: string; text: string } {
  if (format === 'cmi5') return { name: 'cmi5.xml', text: cmi5Manifest(m) };
  if (format === 'scorm12') return { name: 'imsmanifest.xml', text: scorm12Manifest(m) };
  return { name: 'imsmanifest.xml', text: scorm2004Manifest(m) };
}
