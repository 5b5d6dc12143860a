import type { Role } from '@trowel/shared/auth/roles.ts';
import type { Repositories } from '../context.ts';
import { DEMO_PEOPLE } from './demo-people.ts';

interface DemoReply {
  by: string;
  message: string;
  replies?: DemoReply[];
}

interface DemoLog {
  project: string;
  by: string;
  role: Role;
  title: string;
  message: string;
  type: 'update' | 'milestone' | 'issue' | 'note';
  clientVisible: boolean;
  hoursAgo: number;
  replies?: DemoReply[];
}

/** A week of site reports on the projects the demo client and engineer follow. */
const DEMO_LOGS: DemoLog[] = [
  {
    project: 'Lekki Pearl Apartments',
    by: 'engineer@trowel.test',
    role: 'team_member',
    title: 'Third floor slab cast',
    message:
      'Cast 86 m³ of C30 concrete on the third floor slab between 6 am and 2 pm. Cubes taken for 7 and 28 day tests. Curing with wet hessian for seven days.',
    type: 'milestone',
    clientVisible: true,
    hoursAgo: 3,
    replies: [
      {
        by: 'client@trowel.test',
        message: 'Good progress. Will the rooftop pool start before the rains?',
        replies: [
          {
            by: 'lead@trowel.test',
            message: 'Yes, waterproofing is booked for the second week of next month.',
          },
        ],
      },
    ],
  },
  {
    project: 'Lekki Pearl Apartments',
    by: 'engineer@trowel.test',
    role: 'team_member',
    title: 'Diesel delivery short',
    message:
      'Supplier delivered 1,800 litres against 2,000 ordered. Generator log attached to the store record; store keeper informed.',
    type: 'issue',
    clientVisible: false,
    hoursAgo: 27,
  },
  {
    project: 'Lekki Pearl Apartments',
    by: 'lead@trowel.test',
    role: 'project_lead',
    title: 'Weekly coordination meeting',
    message:
      'MEP rough-in for floors one and two agreed with the subcontractor; sleeves to be fixed before the next pour.',
    type: 'note',
    clientVisible: false,
    hoursAgo: 51,
  },
  {
    project: 'Admiralty Way Terraces',
    by: 'engineer@trowel.test',
    role: 'team_member',
    title: 'Strip foundations halfway',
    message:
      'Four of eight terrace foundations excavated and blinded. Dewatering pump running on blocks 3 and 4.',
    type: 'update',
    clientVisible: true,
    hoursAgo: 20,
  },
];

/** Inserts the demo daily logs and their threads. */
export async function seedDemoLogs(
  scoped: Repositories,
  idsByEmail: Map<string, string>,
  projectIds: Map<string, string>,
) {
  const person = (email: string) => idsByEmail.get(email) ?? null;
  // Replies carry their author's role like replies written in the app do.
  const roleOf = (email: string) => DEMO_PEOPLE.find((demo) => demo.email === email)?.role ?? null;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
  async function thread(
    dailyLogId: string,
    replies: DemoReply[],
    parentReplyId: string | null,
    hoursAgo: number,
  ) {
    for (const [index, reply] of replies.entries()) {
      const when = hoursAgo - (index + 1) * 0.5;
      const row = await scoped.dailyLogs.insertReply({
        dailyLogId,
        parentReplyId,
        authorId: person(reply.by),
        authorRole: roleOf(reply.by),
        message: reply.message,
        createdAt: at(when),
      });
      await thread(dailyLogId, reply.replies ?? [], row.id, when);
    }
  }
  for (const log of DEMO_LOGS) {
    const projectId = projectIds.get(log.project);
    if (!projectId) throw new Error(`Demo project missing: ${log.project}`);
    const row = await scoped.dailyLogs.insert({
      projectId,
      authorId: person(log.by),
      authorRole: log.role,
      title: log.title,
      message: log.message,
      type: log.type,
      isClientVisible: log.clientVisible,
      createdAt: at(log.hoursAgo),
    });
    await thread(row.id, log.replies ?? [], null, log.hoursAgo);
  }
}
