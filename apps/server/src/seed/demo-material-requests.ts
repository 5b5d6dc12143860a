import { randomUUID } from 'node:crypto';
import {
  materialRequestMachine,
  STORE_ACTION,
  type MaterialRequestAction,
  type MaterialStoreStatus,
} from '@trowel/shared/material-requests/material-request.machine.ts';
import type { Repositories } from '../platform.ts';
import { seedHistory } from '../workflow/seed-history.ts';
import { demoActor } from './demo-people.ts';

interface DemoMaterialRequest {
  project: string;
  by: string;
  items: Array<{ name: string; quantity: number }>;
  notes: string;
  /** The lead's review, when the request has had one. */
  review?: { action: MaterialRequestAction; by: string; notes: string };
  /** The store keeper's answer to an approved request. */
  store?: { status: MaterialStoreStatus; by: string; notes: string };
}

/**
 * Material requests of the demo, by the site engineer on the Lekki Pearl Apartments (led by
 * lead@trowel.test): one waiting for the lead, one approved and part delivered by the store keeper.
 */
const DEMO_MATERIAL_REQUESTS: DemoMaterialRequest[] = [
  {
    project: 'Lekki Pearl Apartments',
    by: 'engineer@trowel.test',
    items: [
      { name: 'Portland cement (50 kg bags)', quantity: 120 },
      { name: 'Sharp sand (tonnes)', quantity: 30 },
    ],
    notes: 'For the fourth floor slab, poured next Tuesday',
  },
  {
    project: 'Lekki Pearl Apartments',
    by: 'engineer@trowel.test',
    items: [
      { name: 'High-tensile rebar 12 mm (lengths)', quantity: 1500 },
      { name: 'Binding wire (rolls)', quantity: 40 },
    ],
    notes: 'Columns and beams of the fifth floor',
    review: { action: 'approve', by: 'lead@trowel.test', notes: 'Approved: draw what the store has first' },
    store: {
      status: 'partially_delivered',
      by: 'store@trowel.test',
      notes: '400 lengths and the wire sent to site; the rest with the next delivery',
    },
  },
];

export async function seedDemoMaterialRequests(
  scoped: Repositories,
  idsByEmail: Map<string, string>,
  projectIds: Map<string, string>,
) {
  const actor = (email: string) => demoActor(idsByEmail, email);
  for (const demo of DEMO_MATERIAL_REQUESTS) {
    const id = await scoped.materialRequests.insert({
      projectId: projectIds.get(demo.project)!,
      requestedById: actor(demo.by).id,
      items: demo.items.map((item) => ({ id: randomUUID(), ...item })),
      notes: demo.notes,
    });
    const steps = [
      ...(demo.review
        ? [{ action: demo.review.action, actor: actor(demo.review.by), remarks: demo.review.notes }]
        : []),
      ...(demo.store
        ? [
            {
              action: STORE_ACTION[demo.store.status],
              actor: actor(demo.store.by),
              remarks: demo.store.notes,
            },
          ]
        : []),
    ];
    const status = await seedHistory(scoped, materialRequestMachine, id, {
      created: { status: 'pending_lead_approval', actor: actor(demo.by) },
      steps,
      options: undefined,
    });
    await scoped.materialRequests.update(id, {
      status,
      ...(demo.review ? { leadReviewNotes: demo.review.notes } : {}),
      ...(demo.store
        ? { storeStatus: demo.store.status, storeKeeperNotes: demo.store.notes, storeTimestamp: new Date() }
        : {}),
    });
  }
}
