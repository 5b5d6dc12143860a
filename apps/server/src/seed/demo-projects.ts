import type { ProjectCategory, ProjectStatus } from '@trowel/shared/projects/project.constants.ts';
import type { Repositories } from '../context.ts';
import { recompute } from '../modules/projects/phases.service.ts';

interface DemoTask {
  name: string;
  assignee?: string;
  progress: number;
  start: string;
  end: string;
  notes?: string;
}

interface DemoProject {
  title: string;
  description: string;
  location: string;
  category: ProjectCategory;
  status: ProjectStatus;
  start: string;
  end: string;
  budget: number;
  spent: number;
  lead: string;
  client: string;
  team: string[];
  phases: Array<{ name: string; label?: string; tasks: DemoTask[] }>;
}

const t = (
  name: string,
  assignee: string | undefined,
  progress: number,
  start: string,
  end: string,
  notes?: string,
): DemoTask => ({
  name,
  progress,
  start,
  end,
  ...(assignee ? { assignee } : {}),
  ...(notes ? { notes } : {}),
});

/** About ten projects of a Nigerian builder, across cities, categories and statuses. People by email. */
export const DEMO_PROJECTS: DemoProject[] = [
  {
    title: 'Lekki Pearl Apartments',
    description:
      'Twelve units of three-bedroom serviced apartments with a basement car park, gym and rooftop pool.',
    location: 'Lekki Phase 1, Lagos',
    category: 'Residential',
    status: 'in_progress',
    start: '2026-03-02',
    end: '2027-06-30',
    budget: 1_450_000_000,
    spent: 612_500_000,
    lead: 'lead@trowel.test',
    client: 'client@trowel.test',
    team: ['engineer@trowel.test', 'blessing.okoro@trowel.test', 'qs@trowel.test'],
    phases: [
      {
        name: 'Foundation',
        tasks: [
          t('Site clearing and setting out', 'engineer@trowel.test', 100, '2026-03-02', '2026-03-20'),
          t('Piling (bored piles, 600 mm)', 'engineer@trowel.test', 100, '2026-03-21', '2026-05-15'),
          t('Pile caps and ground beams', 'blessing.okoro@trowel.test', 100, '2026-05-16', '2026-06-20'),
        ],
      },
      {
        name: 'Superstructure',
        label: 'Frame and Slabs',
        tasks: [
          t('Basement retaining walls', 'engineer@trowel.test', 100, '2026-06-21', '2026-08-10'),
          t(
            'Ground to third floor columns and slabs',
            'engineer@trowel.test',
            75,
            '2026-08-11',
            '2026-11-30',
            'Third floor slab cast on 14 November; curing.',
          ),
          t('Fourth floor and roof slab', 'blessing.okoro@trowel.test', 0, '2026-12-01', '2027-02-15'),
        ],
      },
      {
        name: 'Finishing',
        tasks: [
          t('Blockwork and plastering', undefined, 0, '2027-01-10', '2027-04-30'),
          t('Tiling and POP ceilings', undefined, 0, '2027-04-01', '2027-06-15'),
        ],
      },
    ],
  },
  {
    title: 'Maitama Office Complex',
    description: 'Six-storey office block with two levels of retail and a 120-car park for Bello Holdings.',
    location: 'Maitama, Abuja',
    category: 'Commercial',
    status: 'in_progress',
    start: '2026-01-12',
    end: '2027-09-30',
    budget: 2_800_000_000,
    spent: 1_050_000_000,
    lead: 'lead@trowel.test',
    client: 'client2@trowel.test',
    team: ['engineer@trowel.test', 'chinedu.okeke@trowel.test', 'architect@trowel.test'],
    phases: [
      {
        name: 'Foundation',
        tasks: [
          t('Excavation and raft foundation', 'chinedu.okeke@trowel.test', 100, '2026-01-12', '2026-04-10'),
        ],
      },
      {
        name: 'Superstructure',
        tasks: [
          t(
            'Columns and slabs, ground to third floor',
            'chinedu.okeke@trowel.test',
            50,
            '2026-04-11',
            '2026-10-31',
          ),
          t('Lift shafts and stair cores', 'engineer@trowel.test', 25, '2026-05-01', '2026-11-15'),
        ],
      },
      {
        name: 'MEP',
        label: 'Mechanical, Electrical and Plumbing',
        tasks: [t('Electrical conduits in slabs', 'engineer@trowel.test', 50, '2026-04-11', '2026-11-30')],
      },
    ],
  },
  {
    title: 'Trans-Amadi Logistics Warehouse',
    description:
      'Steel-framed warehouse of 4,500 m² with loading bays and offices for an oil-services company.',
    location: 'Trans-Amadi, Port Harcourt',
    category: 'Industrial',
    status: 'not_started',
    start: '2027-01-15',
    end: '2027-10-30',
    budget: 980_000_000,
    spent: 0,
    lead: 'segun.adewale@trowel.test',
    client: 'client@trowel.test',
    team: ['zainab.lawal@trowel.test'],
    phases: [
      {
        name: 'Mobilisation',
        tasks: [t('Soil investigation', 'zainab.lawal@trowel.test', 0, '2027-01-15', '2027-02-05')],
      },
    ],
  },
  {
    title: 'Bodija Secondary School',
    description: 'Private secondary school: two classroom blocks, laboratories, a hall and a sports field.',
    location: 'Bodija, Ibadan',
    category: 'Educational',
    status: 'in_progress',
    start: '2026-02-01',
    end: '2027-01-31',
    budget: 760_000_000,
    spent: 402_000_000,
    lead: 'architect@trowel.test',
    client: 'folake.adeleke@trowel.test',
    team: ['blessing.okoro@trowel.test', 'engineer@trowel.test'],
    phases: [
      {
        name: 'Classroom Block A',
        tasks: [
          t('Foundation and ground floor', 'blessing.okoro@trowel.test', 100, '2026-02-01', '2026-05-30'),
          t('First floor and roof', 'blessing.okoro@trowel.test', 75, '2026-06-01', '2026-10-15'),
        ],
      },
      {
        name: 'Science Laboratories',
        tasks: [
          t('Laboratory fittings and gas lines', 'engineer@trowel.test', 25, '2026-09-01', '2026-11-10'),
        ],
      },
    ],
  },
  {
    title: 'Kano Cold Room and Warehouses',
    description:
      'Three warehouses and a 600 m³ cold room for agricultural produce, with a 500 kVA power house.',
    location: 'Sharada Industrial Estate, Kano',
    category: 'Industrial',
    status: 'on_hold',
    start: '2026-04-06',
    end: '2027-03-31',
    budget: 1_120_000_000,
    spent: 310_000_000,
    lead: 'segun.adewale@trowel.test',
    client: 'hauwa.usman@trowel.test',
    team: ['zainab.lawal@trowel.test'],
    phases: [
      {
        name: 'Warehouse 1',
        tasks: [
          t(
            'Steel frame erection',
            'zainab.lawal@trowel.test',
            50,
            '2026-06-01',
            '2026-09-30',
            'Paused while the client reviews the cold-room specification.',
          ),
        ],
      },
    ],
  },
  {
    title: 'Ikoyi Duplex Renovation',
    description:
      'Full renovation of a five-bedroom duplex: roof, kitchen, bathrooms, electrics and landscaping.',
    location: 'Ikoyi, Lagos',
    category: 'Residential',
    status: 'completed',
    start: '2025-09-01',
    end: '2026-04-30',
    budget: 185_000_000,
    spent: 179_400_000,
    lead: 'lead@trowel.test',
    client: 'client@trowel.test',
    team: ['blessing.okoro@trowel.test'],
    phases: [
      {
        name: 'Strip-out',
        tasks: [
          t('Remove old fittings and roof', 'blessing.okoro@trowel.test', 100, '2025-09-01', '2025-09-30'),
        ],
      },
      {
        name: 'Rebuild',
        tasks: [
          t('New roof and ceilings', 'blessing.okoro@trowel.test', 100, '2025-10-01', '2025-12-20'),
          t('Kitchen and bathrooms', 'blessing.okoro@trowel.test', 100, '2026-01-05', '2026-04-20'),
        ],
      },
    ],
  },
  {
    title: 'Federal Secretariat Annex',
    description: 'Four-storey annex with offices, an archive and a conference centre for a federal ministry.',
    location: 'Central Business District, Abuja',
    category: 'Government',
    status: 'in_progress',
    start: '2026-08-03',
    end: '2028-02-28',
    budget: 3_400_000_000,
    spent: 290_000_000,
    lead: 'lead@trowel.test',
    client: 'client2@trowel.test',
    team: ['chinedu.okeke@trowel.test', 'engineer@trowel.test', 'ifeoma.nnamdi@trowel.test'],
    phases: [
      {
        name: 'Foundation',
        tasks: [
          t('Piling', 'chinedu.okeke@trowel.test', 25, '2026-08-03', '2026-11-15'),
          t('Basement slab', 'engineer@trowel.test', 0, '2026-11-16', '2027-01-31'),
        ],
      },
    ],
  },
  {
    title: 'Ogui Road Shopping Plaza',
    description: 'Two-storey plaza with 40 shops, a banking hall and parking for 80 cars.',
    location: 'Ogui Road, Enugu',
    category: 'Commercial',
    status: 'not_started',
    start: '2027-02-01',
    end: '2028-01-31',
    budget: 890_000_000,
    spent: 0,
    lead: 'segun.adewale@trowel.test',
    client: 'client2@trowel.test',
    team: ['chinedu.okeke@trowel.test'],
    phases: [],
  },
  {
    title: 'Agodi Primary Health Centre',
    description: 'Primary health centre with a maternity ward, pharmacy, laboratory and staff quarters.',
    location: 'Agodi, Ibadan',
    category: 'Government',
    status: 'completed',
    start: '2025-05-05',
    end: '2026-03-31',
    budget: 420_000_000,
    spent: 408_750_000,
    lead: 'architect@trowel.test',
    client: 'folake.adeleke@trowel.test',
    team: ['engineer@trowel.test'],
    phases: [
      {
        name: 'Construction',
        tasks: [
          t('Main block', 'engineer@trowel.test', 100, '2025-05-05', '2025-12-20'),
          t('Staff quarters', 'engineer@trowel.test', 100, '2025-10-01', '2026-03-15'),
        ],
      },
    ],
  },
  {
    title: 'Admiralty Way Terraces',
    description: 'Eight four-bedroom terraces with boys’ quarters and a shared generator house.',
    location: 'Admiralty Way, Lekki, Lagos',
    category: 'Residential',
    status: 'in_progress',
    start: '2026-06-15',
    end: '2027-08-31',
    budget: 1_020_000_000,
    spent: 215_000_000,
    lead: 'seun.afolabi@trowel.test',
    client: 'client@trowel.test',
    team: ['engineer@trowel.test', 'blessing.okoro@trowel.test'],
    phases: [
      {
        name: 'Foundation',
        tasks: [
          t('Strip foundations', 'engineer@trowel.test', 50, '2026-06-15', '2026-09-30'),
          t('Ground floor slab', 'blessing.okoro@trowel.test', 0, '2026-10-01', '2026-12-15'),
        ],
      },
    ],
  },
];

/**
 * Inserts the demo projects, resolving people by email; statuses and progress derive from the tasks.
 * Answers the id of each project by title.
 */
export async function seedDemoProjects(scoped: Repositories, idsByEmail: Map<string, string>) {
  const projectIds = new Map<string, string>();
  const id = (email: string) => {
    const found = idsByEmail.get(email);
    if (!found) throw new Error(`Demo person missing: ${email}`);
    return found;
  };
  for (const [order, demo] of DEMO_PROJECTS.entries()) {
    const project = await scoped.projects.insert({
      // The first listed is the newest, so the list opens on it.
      createdAt: new Date(Date.now() - order * 3_600_000),
      title: demo.title,
      description: demo.description,
      location: demo.location,
      category: demo.category,
      status: demo.status,
      startDate: demo.start,
      endDate: demo.end,
      budget: demo.budget,
      spent: demo.spent,
      projectLeadId: id(demo.lead),
      clientId: id(demo.client),
      createdBy: id('admin@trowel.test'),
    });
    projectIds.set(demo.title, project.id);
    await scoped.projects.setMembers(project.id, demo.team.map(id));
    for (const [position, phase] of demo.phases.entries()) {
      const row = await scoped.phases.insertPhase({
        projectId: project.id,
        name: phase.name,
        customLabel: phase.label ?? null,
        position,
      });
      for (const [index, task] of phase.tasks.entries()) {
        await scoped.phases.insertTask({
          projectId: project.id,
          phaseId: row.id,
          name: task.name,
          assignedToId: task.assignee ? id(task.assignee) : null,
          progress: task.progress,
          notes: task.notes ?? null,
          startDate: task.start,
          endDate: task.end,
          position: index,
        });
      }
      await recompute(scoped, project.id, row.id);
    }
  }
  return projectIds;
}
