/** The demo world a newcomer first sees. Every address is on a reserved example domain. */
export const DEMO = {
  provider: { name: 'Vigil' },
  superAdmin: { email: 'riley.quinn@vigil.example', name: 'Riley Quinn' },
  company: {
    name: 'Harbor Logistics',
    color: '#1c7ed6',
    admin: { email: 'alex.morgan@harbor-logistics.example', name: 'Alex Morgan' },
    viewer: { email: 'sam.lee@harbor-logistics.example', name: 'Sam Lee' },
  },
  partner: {
    name: 'Northstar Security Partners',
    admin: { email: 'jordan.blake@northstar-partners.example', name: 'Jordan Blake' },
    customers: [
      { name: 'Brightwater Dental', seats: 40, color: '#0ca678' },
      { name: 'Kestrel Engineering', seats: 250, color: '#f76707' },
    ],
  },
} as const;
