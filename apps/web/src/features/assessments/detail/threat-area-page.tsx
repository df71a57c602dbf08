export function ThreatAreaPage() {
  return <div />;
}
