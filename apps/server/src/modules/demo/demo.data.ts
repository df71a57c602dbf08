/** The demo world a newcomer first sees. Every address is on a reserved example domain. */
export const DEMO = {
  provider: { name: 'Vigil' },
  superAdmin: { email: 'riley.quinn@vigil.example', name: 'Riley Quinn' },
  company: {
    name: 'Harbor Logistics',
    color: '#1c7ed6',
    /** Where its mails' dates are written: a port company on the North Sea. */
    timeZone: 'Europe/Berlin',
    admin: { email: 'alex.morgan@harbor-logistics.example', name: 'Alex Morgan' },
    viewer: { email: 'sam.lee@harbor-logistics.example', name: 'Sam Lee' },
  },
  partner: {
    name: 'Northstar Security Partners',
    /** Its own plan: what it may sell and the features its customers stay within. */
    planCode: 'premium',
    admin: { email: 'jordan.blake@northstar-partners.example', name: 'Jordan Blake' },
    /** One customer in each state of the partner area (plan codes of the billing catalogue). */
    customers: [
      {
        name: 'Brightwater Dental',
        plan: 'business',
        seats: 40,
        people: 30,
        color: '#0ca678',
        state: 'active',
      },
      {
        name: 'Kestrel Engineering',
        plan: 'business',
        seats: 250,
        people: 30,
        color: '#f76707',
        state: 'active',
      },
      { name: 'Heron Clinics', plan: 'business', seats: 50, people: 8, color: '#1098ad', state: 'trial' },
      { name: 'Ibis Freight', plan: 'essentials', seats: 60, people: 20, color: '#ae3ec9', state: 'expired' },
      {
        name: 'Jay Architects',
        plan: 'business',
        seats: 10,
        people: 14,
        color: '#d6336c',
        state: 'overSeats',
      },
      { name: 'Kite Bakery', plan: 'free', seats: 10, people: 6, color: '#f59f00', state: 'free' },
    ],
    /** Unassigned credits (unused packages) the partner holds. */
    credits: [
      { planCode: 'business', seats: 50, months: 12 },
      { planCode: 'essentials', seats: 25, months: 6 },
    ],
    /** The payment due the banner shows: last month's customer subscriptions, in cents. */
    due: { description: 'Customer subscriptions, last month', amount: 48_600 },
  },
} as const;

const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sofia',
  'Lucas',
  'Mia',
  'Mateo',
  'Amelia',
  'Ethan',
  'Harper',
  'Aiden',
  'Isla',
  'Leo',
  'Freya',
  'Oscar',
  'Nora',
  'Hugo',
  'Ingrid',
  'Jonas',
  'Maya',
  'Ravi',
  'Priya',
  'Kenji',
  'Aiko',
  'Tomasz',
  'Zofia',
  'Diego',
  'Lucia',
  'Omar',
  'Leila',
  'Samuel',
  'Chloe',
  'Felix',
];
const LAST = [
  'Andersen',
  'Brooks',
  'Carvalho',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Singh',
  'Tanaka',
  'Usman',
  'Varga',
  'Walsh',
  'Xu',
  'Yilmaz',
  'Zimmermann',
];

/** A deterministic crowd of employees for a demo company's lists. */
export function demoPeople(domain: string, count: number, offset = 0) {
  return Array.from({ length: count }, (_, k) => {
    const i = k + offset;
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7 + Math.floor(i / FIRST.length)) % LAST.length]!;
    const suffix = i >= FIRST.length * LAST.length ? String(i) : '';
    return { email: `${first}.${last}${suffix}@${domain}`.toLowerCase(), name: `${first} ${last}` };
  });
}

/** Harbor Logistics' departments: list name, size, and where in the crowd its people start. */
export const HARBOR_LISTS = [
  { name: 'Finance', unit: 'Finance', size: 28, offset: 0 },
  { name: 'IT & Security', unit: 'IT', size: 32, offset: 28 },
  { name: 'Warehouse North', unit: 'Operations', size: 168, offset: 60 },
  { name: 'Customer Service', unit: 'Service', size: 118, offset: 228 },
  { name: 'Leadership', unit: 'Management', size: 14, offset: 346 },
] as const;

/** Everyone at Harbor Logistics: the departments side by side, all of them also in 'All staff'. */
export const HARBOR_SIZE = HARBOR_LISTS.reduce((end, list) => Math.max(end, list.offset + list.size), 0);
