import { count, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';
import {
  notificationRecipients,
  notifications,
  phases,
  projectMembers,
  projects,
  tasks,
} from '@trowel/server/src/db/schema.ts';
import { PROJECT_CATEGORIES } from '@trowel/shared/projects/project.constants.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';

/** The seeded people come from `seedUsers`, whose addresses all end so. */
const SEEDED_EMAIL = '%@bench.trowel.test';

const TITLE_STEMS = [
  'Lekki Pearl Apartments',
  'Lekki Phase 1 Duplexes',
  'Ikoyi Heights',
  'Banana Island Villas',
  'Victoria Island Office Tower',
  'Eko Atlantic Residences',
  'Ikeja GRA Townhouses',
  'Maryland Mall Extension',
  'Yaba Tech Hub',
  'Surulere Stadium Upgrade',
  'Ajah Market Renovation',
  'Magodo Estate Roads',
  'Gbagada General Hospital Wing',
  'Apapa Port Warehouse',
  'Agbara Factory Plant',
  'Ogba Industrial Park',
  'Federal Secretariat Annex',
  'Wuse II Shopping Plaza',
  'Maitama Embassy Residences',
  'Garki Primary School',
  'Trans Amadi Staff Housing',
  'Polytechnic Library',
  'Grain Silos',
  'Coal Camp Flats',
  'Ring Road Bridge',
  'Third Mainland Flyover Repairs',
  'Epe Fish Farm',
  'Badagry Heritage Museum',
  'Ilupeju Cold Store',
  'Festac Town Clinic',
  'Oniru Waterfront Hotel',
  'Chevron Drive Offices',
  'Sangotedo Secondary School',
  'Ota Cement Depot',
  'Idumota Market Complex',
  'Ikorodu Housing Scheme',
  'Admiralty Way Retail Row',
];

const LOCATIONS = [
  'Ikeja, Lagos',
  'Lekki, Lagos',
  'Victoria Island, Lagos',
  'Ikoyi, Lagos',
  'Yaba, Lagos',
  'Surulere, Lagos',
  'Ajah, Lagos',
  'Apapa, Lagos',
  'Ikorodu, Lagos',
  'Epe, Lagos',
  'Wuse II, Abuja',
  'Maitama, Abuja',
  'Garki, Abuja',
  'Gwarinpa, Abuja',
  'GRA, Port Harcourt',
  'Trans Amadi, Port Harcourt',
  'Bodija, Ibadan',
  'Nassarawa, Kano',
  'Independence Layout, Enugu',
  'GRA, Benin City',
  'Ota, Ogun',
  'Abeokuta, Ogun',
  'Lekki Phase 1, Lagos',
];

const PHASE_NAMES = [
  'Site Preparation',
  'Foundation',
  'Substructure',
  'Superstructure',
  'Roofing',
  'Mechanical & Electrical',
  'Plumbing',
  'Finishes',
  'External Works',
  'Handover',
];

const TASK_NAMES = [
  'Survey and set-out',
  'Procure materials',
  'Carry out works',
  'Inspect and test',
  'Snag and sign off',
];

const NOTIFICATION_KINDS: Array<[type: string, title: string, verb: string]> = [
  ['project', 'Project Updated', 'was updated'],
  ['task', 'Task Assigned', 'has a task for you'],
  ['budget', 'Budget Alert', 'is close to its budget'],
  ['log', 'Daily Log Added', 'has a new daily log'],
];

/** A text[] literal (the values are the constants above, quotes doubled anyway). */
function textArray(values: readonly string[]): SQL {
  return sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`);
}

/** Ids of the seeded users of a role, in a fixed order. */
function idsOf(role: Role): SQL {
  return sql`(select array_agg(id order by email) from users where role = ${role} and email like ${SEEDED_EMAIL})`;
}

/** The people the projects need, seeded with `seedUsers` before `seedProjects` (roles in this order). */
export interface ProjectPeople {
  clients: number;
  leads: number;
  teamMembers: number;
}

export function projectPeopleRoles(people: ProjectPeople): Role[] {
  return [
    'project_manager',
    ...Array<Role>(people.clients).fill('client'),
    ...Array<Role>(people.leads).fill('project_lead'),
    ...Array<Role>(people.teamMembers).fill('team_member'),
  ];
}

export interface ProjectSeedOptions {
  projects: number;
  /** Projects (spread over time) that get PHASES_PER_PROJECT phases of TASKS_PER_PHASE tasks. */
  projectsWithPhases: number;
  /** Gets `notifications` notifications (each also reaches the project's lead). */
  notifiedUserEmail: string;
  notifications: number;
}

export const PHASES_PER_PROJECT = PHASE_NAMES.length;
export const TASKS_PER_PHASE = TASK_NAMES.length;

export interface ProjectSeedReport {
  rows: Record<'projects' | 'projectMembers' | 'phases' | 'tasks' | 'notifications' | 'recipients', number>;
  projectsByStatus: Record<string, number>;
  /** Projects whose title or location contains "lekki". */
  lekkiProjects: number;
  milliseconds: number;
}

/**
 * Seeds projects, their team, phases and tasks, and a notification feed in a few set-based statements
 * (generate_series), in one transaction. Projects are created one about every 15 minutes back from now,
 * ordered by (created_at, id) as the list shows them; titles, places, categories and statuses vary with
 * a hash of the row number, leads and clients are spread evenly.
 */
export async function seedProjects(db: Db, options: ProjectSeedOptions): Promise<ProjectSeedReport> {
  const started = performance.now();
  const { projects: projectCount, projectsWithPhases, notifications: notificationCount } = options;
  const phaseEvery = Math.max(1, Math.floor(projectCount / projectsWithPhases));
  const notifiedEvery = Math.max(1, Math.floor(projectCount / notificationCount));
  await db.transaction(async (tx) => {
    // h: a multiplicative hash of the row number; its digits pick title, place, category and status.
    await tx.execute(sql`
      with n as (
        select g, h,
          date_trunc('milliseconds', now())
            - make_interval(secs => ((${projectCount}::int - g) * 900 + (h % 900000) / 1000.0)::float8) as at,
          case
            when (h / 4255) % 100 < 25 then 'not_started'
            when (h / 4255) % 100 < 60 then 'in_progress'
            when (h / 4255) % 100 < 70 then 'on_hold'
            else 'completed'
          end as status
        from generate_series(1, ${projectCount}::int) g,
          lateral (select (g::bigint * 2654435761) % 4294967296 as h) hashed
      ),
      p as (
        select n.*,
          (${textArray(TITLE_STEMS)})[1 + h % ${TITLE_STEMS.length}] || ' ' || g as title,
          (${textArray(LOCATIONS)})[1 + (h / ${TITLE_STEMS.length}) % ${LOCATIONS.length}] as location,
          (${textArray(PROJECT_CATEGORIES)})[1 + (h / 851) % ${PROJECT_CATEGORIES.length}] as category,
          case status when 'not_started' then 0 when 'completed' then 100
            when 'in_progress' then 5 + h % 90 else 10 + h % 70 end as progress,
          (5000000 + (h % 99991) * 5000)::numeric(15, 2) as budget
        from n
      )
      insert into projects (title, description, location, category, status, start_date, end_date,
        budget, spent, progress, project_lead_id, client_id, created_by, created_at, updated_at)
      select p.title,
        'A ' || lower(p.category) || ' project at ' || p.location || ', project number ' || p.g || '.',
        p.location, p.category, p.status,
        (p.at + interval '14 days')::date,
        (p.at + interval '14 days')::date + (120 + (p.h % 600)::int),
        p.budget,
        round(p.budget * p.progress / 100 * (0.8 + (p.h % 40) / 100.0), 2),
        p.progress,
        people.leads[1 + p.g % array_length(people.leads, 1)],
        people.clients[1 + (p.h / 425500) % array_length(people.clients, 1)],
        people.admin, p.at, p.at
      from p, (select ${idsOf('project_lead')} as leads, ${idsOf('client')} as clients,
        (select id from users where role = 'admin' order by created_at limit 1) as admin) people`);

    // Three in ten projects have a team of one to five members.
    await tx.execute(sql`
      insert into project_members (project_id, user_id, created_at)
      select p.id, team.ids[1 + (p.rn + k * 37) % array_length(team.ids, 1)], p.created_at
      from (select id, created_at, row_number() over (order by created_at, id) as rn from projects) p
        cross join generate_series(0, 4) k
        cross join (select ${idsOf('team_member')} as ids) team
      where p.rn % 10 < 3 and k <= (p.rn / 10) % 5`);

    await tx.execute(sql`
      insert into phases (project_id, name, status, progress, position, created_at, updated_at)
      select p.id, (${textArray(PHASE_NAMES)})[k],
        case
          when p.status = 'completed' or (p.status <> 'not_started' and k <= p.done) then 'completed'
          when p.status <> 'not_started' and k = p.done + 1 then 'in_progress'
          else 'not_started'
        end,
        case
          when p.status = 'completed' or (p.status <> 'not_started' and k <= p.done) then 100
          when p.status <> 'not_started' and k = p.done + 1 then 50
          else 0
        end,
        k - 1, p.created_at, p.created_at
      from (
        select id, status, created_at, rn, (rn / ${phaseEvery}::int) % 9 as done
        from (select id, status, created_at, row_number() over (order by created_at, id) as rn from projects) numbered
        where rn % ${phaseEvery}::int = 0
        limit ${projectsWithPhases}::int
      ) p
        cross join generate_series(1, ${PHASES_PER_PROJECT}::int) k`);

    await tx.execute(sql`
      insert into tasks (project_id, phase_id, name, assigned_to_id, progress, start_date, end_date,
        position, created_at, updated_at)
      select ph.project_id, ph.id, (${textArray(TASK_NAMES)})[j],
        team.ids[1 + (ph.position * 7 + j + abs(hashtext(ph.project_id::text))) % array_length(team.ids, 1)],
        case ph.status when 'completed' then 100 when 'not_started' then 0
          else (array[0, 25, 50, 75, 100])[1 + (ph.position + j) % 5] end,
        ph.created_at::date + (ph.position * 30 + (j - 1) * 6),
        ph.created_at::date + (ph.position * 30 + (j - 1) * 6 + 5),
        j - 1, ph.created_at, ph.created_at
      from phases ph
        cross join generate_series(1, ${TASKS_PER_PHASE}::int) j
        cross join (select ${idsOf('team_member')} as ids) team`);

    // The feed: one notification about every `notifiedEvery`-th project, newest first about 40 minutes
    // apart; three in ten unread. The project's lead gets each as well.
    const kind = (index: 0 | 1 | 2) => textArray(NOTIFICATION_KINDS.map((entry) => entry[index]));
    await tx.execute(sql`
      with target as (select id from users where email = ${options.notifiedUserEmail}),
      p as (select id, title, project_lead_id, row_number() over (order by created_at, id) as rn from projects),
      made as (
        insert into notifications (type, title, message, link, project_id, recipient_users, created_at)
        select (${kind(0)})[1 + g % ${NOTIFICATION_KINDS.length}],
          (${kind(1)})[1 + g % ${NOTIFICATION_KINDS.length}],
          '"' || p.title || '" ' || (${kind(2)})[1 + g % ${NOTIFICATION_KINDS.length}] || '.',
          '/projects/' || p.id, p.id, array[target.id, p.project_lead_id],
          date_trunc('milliseconds', now()) - make_interval(secs => (g * 2400 + (g * 7919) % 1000 / 1000.0)::float8)
        from generate_series(1, ${notificationCount}::int) g
          join p on p.rn = 1 + (g - 1) * ${notifiedEvery}::int
          cross join target
        returning id, created_at, recipient_users
      )
      insert into notification_recipients (notification_id, user_id, read_at, created_at)
      select made.id, recipient.id,
        case when abs(hashtext(made.id::text || recipient.id::text)) % 10 < 7
          then made.created_at + interval '2 hours' end,
        made.created_at
      from made cross join unnest(made.recipient_users) as recipient(id)`);
  });

  const lekki = `%lekki%`;
  const statuses = await db
    .select({ status: projects.status, n: count() })
    .from(projects)
    .groupBy(projects.status)
    .orderBy(projects.status);
  return {
    rows: {
      projects: await db.$count(projects),
      projectMembers: await db.$count(projectMembers),
      phases: await db.$count(phases),
      tasks: await db.$count(tasks),
      notifications: await db.$count(notifications),
      recipients: await db.$count(notificationRecipients),
    },
    projectsByStatus: Object.fromEntries(statuses.map((status) => [status.status, status.n])),
    lekkiProjects: await db.$count(
      projects,
      or(ilike(projects.title, lekki), ilike(projects.location, lekki)),
    ),
    milliseconds: performance.now() - started,
  };
}
