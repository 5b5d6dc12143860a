import type { Role } from '@trowel/shared/auth/roles.ts';
import { COMPANY_NAME } from '@trowel/shared/config/constants.ts';

/** Splits a comma-separated list. */
function list(text: string): string[] {
  return text.split(',').map((item) => item.trim());
}

/** A user row for the benchmark, without the password hash (every seeded user shares one). */
export interface SeedPerson {
  name: string;
  email: string;
  role: Role;
  phone: string;
  location: string;
  company: string;
  bio: string;
  createdAt: Date;
}

const FIRST_NAMES = list(
  'Adaeze, Adebayo, Aisha, Akua, Amara, Babajide, Bongani, Chidi, Chiamaka, Chinedu, Dayo, Efua, ' +
    'Emeka, Fatima, Femi, Folake, Funmilayo, Ibrahim, Ifeoma, Ikenna, Kemi, Kofi, Kwame, Lerato, Musa, ' +
    'Ngozi, Nnamdi, Obinna, Olumide, Oluwaseun, Segun, Tariq, Temitope, Thandiwe, Tunde, Uche, Yaw, ' +
    'Yetunde, Zainab, Zodwa, Anna, Ben, Carlos, Chloe, Daniel, Elena, Fernando, Grace, Hannah, Isabel, ' +
    'James, Julia, Karim, Lena, Lucas, Maria, Mateo, Mei, Mohammed, Nadia, Noah, Olivia, Omar, Priya, ' +
    'Rahul, Ravi, Sara, Sofia, Tomás, Wei',
);

const LAST_NAMES = list(
  'Abubakar, Adeyemi, Afolabi, Agbaje, Akande, Akinola, Aliyu, Amadi, Asante, Babatunde, Balogun, ' +
    'Bello, Chukwu, Danjuma, Eze, Ezeh, Fashola, Ibekwe, Idowu, Igwe, Ilori, Mensah, Musa, Nwachukwu, ' +
    'Nwosu, Obi, Odusanya, Ogunleye, Okafor, Okeke, Okonkwo, Olaniyan, Onyeka, Osei, Owusu, Salami, ' +
    'Uzor, Yusuf, Zulu, Ndlovu, Andersen, Becker, Costa, Dubois, Fernández, García, Hughes, Jensen, ' +
    'Kowalski, Martin, Moreau, Müller, Nguyen, Novak, O’Brien, Patel, Rossi, Santos, Schmidt, Silva, ' +
    'Singh, Smith, Tanaka, Van der Berg, Wang, Williams, Xu, Yamamoto, Zhang, Kim',
);

const CITIES = list(
  'Lagos, Abuja, Port Harcourt, Ibadan, Kano, Enugu, Benin City, Accra, Kumasi, Nairobi, ' +
    'Johannesburg, Cape Town, London, Manchester, Lisbon, Madrid, Berlin, Dubai',
);

const CLIENT_COMPANIES = list(
  'Harbour View Estates, Greenfield Homes, Sunrise Property Group, Lekki Gardens Trust, ' +
    'Atlas Retail, Meridian Hospitals, Crestline Schools, Bluewater Hotels, Northgate Logistics, ' +
    'Oakridge Offices',
);

const VENDOR_COMPANIES = list(
  'Ironbridge Cement Supplies, Steelworks Nigeria, Prime Timber & Roofing, Aqua Plumbing Materials, ' +
    'BrightSpark Electricals, Granite & Stone Co., Coastal Glass, Metro Paints, Solid Blocks Ltd, ' +
    'Apex Scaffolding Hire',
);

/** Mostly staff (team members most of all), some clients and vendors; weights sum to 1000. */
const ROLE_WEIGHTS: Array<[Role, number]> = [
  ['admin', 10],
  ['project_manager', 60],
  ['project_lead', 80],
  ['architect', 60],
  ['quantity_surveyor', 50],
  ['accountant', 40],
  ['store_keeper', 60],
  ['team_member', 440],
  ['client', 130],
  ['vendor', 70],
];

const BIOS: Partial<Record<Role, string[]>> = {
  project_manager: ['Runs residential builds from groundwork to handover.', 'Manages commercial fit-outs.'],
  project_lead: ['Leads site teams on mid-rise projects.', 'Coordinates trades on site day to day.'],
  architect: ['Designs housing schemes and public buildings.', 'Focuses on sustainable design.'],
  quantity_surveyor: ['Prepares bills of quantities and valuations.', 'Tracks cost against budget.'],
  accountant: ['Handles supplier payments and project accounts.'],
  store_keeper: ['Keeps the site store and stock records.'],
  team_member: ['Site engineer.', 'Structural works and concrete pours.', 'Finishes and MEP installs.', ''],
  client: ['Property developer.', 'Owner-occupier.', ''],
  vendor: ['Building materials supplier.', ''],
};

/** A small deterministic generator so every run seeds the same people. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function slug(text: string) {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z ]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '');
}

/**
 * `count` people with varied names, roles, places and sign-up dates over the past three years; with
 * `roles`, person i has roles[i] (the rest a weighted random role).
 */
export function generatePeople(count: number, seed = 20_240_601, roles?: readonly Role[]): SeedPerson[] {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const totalWeight = ROLE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  const pickRole = (): Role => {
    let roll = random() * totalWeight;
    for (const [role, weight] of ROLE_WEIGHTS) {
      roll -= weight;
      if (roll < 0) return role;
    }
    return 'team_member';
  };
  const now = Date.now();
  const threeYearsMs = 3 * 365 * 24 * 3600_000;
  const people: SeedPerson[] = [];
  for (let index = 0; index < count; index++) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const middle = random() < 0.3 ? ` ${String.fromCharCode(65 + Math.floor(random() * 26))}.` : '';
    const drawn = pickRole();
    const role = roles?.[index] ?? drawn;
    const company =
      role === 'client' ? pick(CLIENT_COMPANIES) : role === 'vendor' ? pick(VENDOR_COMPANIES) : COMPANY_NAME;
    people.push({
      name: `${first}${middle} ${last}`,
      email: `${slug(first)}.${slug(last)}.${index + 1}@bench.trowel.test`,
      role,
      phone: `+234 80${Math.floor(random() * 10)} ${String(Math.floor(random() * 1000)).padStart(3, '0')} ${String(
        Math.floor(random() * 10000),
      ).padStart(4, '0')}`,
      location: pick(CITIES),
      company,
      bio: pick(BIOS[role] ?? ['']),
      createdAt: new Date(now - Math.floor(random() * threeYearsMs)),
    });
  }
  return people;
}
