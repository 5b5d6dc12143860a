import type { Role } from '@trowel/shared/auth/roles.ts';
import { COMPANY_NAME } from '@trowel/shared/config/constants.ts';

export interface DemoPerson {
  name: string;
  email: string;
  role: Role;
  phone: string;
  location: string;
  company: string;
  bio: string;
}

const staff = (
  name: string,
  email: string,
  role: Role,
  phone: string,
  location: string,
  bio: string,
): DemoPerson => ({
  name,
  email,
  role,
  phone,
  location,
  company: COMPANY_NAME,
  bio,
});

/** The demo company: the documented accounts first, then more staff and clients. */
export const DEMO_PEOPLE: DemoPerson[] = [
  staff(
    'Adebayo Ogunleye',
    'admin@trowel.test',
    'admin',
    '+234 803 412 7781',
    'Lagos',
    'Managing director; runs operations across the Lagos and Abuja offices.',
  ),
  staff(
    'Chiamaka Okafor',
    'pm@trowel.test',
    'project_manager',
    '+234 806 220 1945',
    'Lagos',
    'PMP-certified project manager, twelve years on residential and commercial builds.',
  ),
  staff(
    'Emeka Nwosu',
    'lead@trowel.test',
    'project_lead',
    '+234 802 557 3310',
    'Abuja',
    'Leads site teams on mid-rise commercial projects in the FCT.',
  ),
  staff(
    'Funmilayo Adeyemi',
    'architect@trowel.test',
    'architect',
    '+234 809 118 6624',
    'Ibadan',
    'Registered architect (ARCON); designs schools and civic buildings.',
  ),
  staff(
    'Ibrahim Musa',
    'qs@trowel.test',
    'quantity_surveyor',
    '+234 803 901 4452',
    'Kano',
    'Quantity surveyor; bills of quantities, valuations and procurement.',
  ),
  staff(
    'Ngozi Eze',
    'accountant@trowel.test',
    'accountant',
    '+234 807 334 9018',
    'Enugu',
    'Chartered accountant (ICAN); project costing and client billing.',
  ),
  staff(
    'Tunde Bakare',
    'store@trowel.test',
    'store_keeper',
    '+234 805 662 0097',
    'Lagos',
    'Keeps the Ikeja yard: cement, rods, blocks and tools.',
  ),
  staff(
    'Yusuf Abdullahi',
    'engineer@trowel.test',
    'team_member',
    '+234 810 245 7736',
    'Abuja',
    'Site engineer (COREN); concrete works and site supervision.',
  ),
  {
    name: 'Olumide Balogun',
    email: 'client@trowel.test',
    role: 'client',
    phone: '+234 802 771 5523',
    location: 'Lekki, Lagos',
    company: 'Balogun Properties Ltd',
    bio: 'Developer of serviced apartments in Lekki and Ikoyi.',
  },
  {
    name: 'Aisha Bello',
    email: 'client2@trowel.test',
    role: 'client',
    phone: '+234 803 880 4471',
    location: 'Maitama, Abuja',
    company: 'Bello Holdings',
    bio: 'Family office building offices and retail space in Abuja.',
  },
  {
    name: 'Kelechi Obi',
    email: 'vendor@trowel.test',
    role: 'vendor',
    phone: '+234 806 513 2209',
    location: 'Onitsha',
    company: 'Obi Building Materials Ltd',
    bio: 'Cement, iron rods and roofing sheets, delivered nationwide.',
  },
  {
    name: 'Halima Sani',
    email: 'vendor2@trowel.test',
    role: 'vendor',
    phone: '+234 809 402 6618',
    location: 'Kano',
    company: 'Sani Electricals Nig. Ltd',
    bio: 'Cables, fittings and distribution boards for commercial sites.',
  },
  staff(
    'Segun Adewale',
    'segun.adewale@trowel.test',
    'project_lead',
    '+234 805 190 3348',
    'Port Harcourt',
    'Project lead for industrial and oil-and-gas support buildings.',
  ),
  staff(
    'Oluwaseun Afolabi',
    'seun.afolabi@trowel.test',
    'architect',
    '+234 812 470 5561',
    'Lagos',
    'Architect focused on residential estates.',
  ),
  staff(
    'Blessing Okoro',
    'blessing.okoro@trowel.test',
    'team_member',
    '+234 816 302 7745',
    'Lagos',
    'Site engineer; MEP coordination.',
  ),
  staff(
    'Chinedu Okeke',
    'chinedu.okeke@trowel.test',
    'team_member',
    '+234 813 558 2290',
    'Enugu',
    'Site engineer; structural works.',
  ),
  staff(
    'Zainab Lawal',
    'zainab.lawal@trowel.test',
    'team_member',
    '+234 818 661 4403',
    'Kano',
    'Site engineer; roads and drainage.',
  ),
  staff(
    'Ifeoma Nnamdi',
    'ifeoma.nnamdi@trowel.test',
    'quantity_surveyor',
    '+234 814 207 9930',
    'Abuja',
    'Quantity surveyor; cost control.',
  ),
  {
    name: 'Folake Adeleke',
    email: 'folake.adeleke@trowel.test',
    role: 'client',
    phone: '+234 802 339 1184',
    location: 'Bodija, Ibadan',
    company: 'Adeleke Estates',
    bio: 'Building a private secondary school in Ibadan.',
  },
  {
    name: 'Hauwa Usman',
    email: 'hauwa.usman@trowel.test',
    role: 'client',
    phone: '+234 803 615 7702',
    location: 'Nassarawa, Kano',
    company: 'Usman & Sons Ltd',
    bio: 'Warehouses and a cold room in Kano.',
  },
];

export const DEMO_PASSWORD = 'demo1234';

/** A demo person by email (the seeds name people by their email). */
export function demoPerson(email: string): DemoPerson {
  const person = DEMO_PEOPLE.find((someone) => someone.email === email);
  if (!person) throw new Error(`Demo person missing: ${email}`);
  return person;
}

/** A demo person as a workflow's actor: their id as seeded, and their role. */
export const demoActor = (idsByEmail: ReadonlyMap<string, string>, email: string) => ({
  id: idsByEmail.get(email)!,
  role: demoPerson(email).role,
});
