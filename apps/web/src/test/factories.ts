import type { Role } from '@trowel/shared/auth/roles.ts';
import type { OutboxItem } from '../lib/outbox/outbox-store.ts';
import type { ChangeOrderDto } from '@trowel/shared/change-orders/change-order.schemas.ts';
import type { DailyLogDto, ReplyDto } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import type { FinancialsDto } from '@trowel/shared/financials/financials.schemas.ts';
import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';
import type { NegotiationDto } from '@trowel/shared/negotiations/negotiation.schemas.ts';
import type { RfqDto, VendorResponseDto, VendorRfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import type {
  PurchaseOrderDto,
  PurchaseOrderItem,
} from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type {
  PhaseDto,
  ProjectDto,
  ProjectSummaryDto,
  TaskDto,
} from '@trowel/shared/projects/project.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';

let sequence = 0;

export function buildUser(overrides: Partial<UserDto> = {}): UserDto {
  sequence += 1;
  return {
    id: `user-${sequence}`,
    name: `Person ${sequence}`,
    email: `person${sequence}@trowel.test`,
    phone: '',
    role: 'team_member' satisfies Role,
    location: '',
    company: 'Trowel Construction Ltd',
    bio: '',
    avatar: null,
    createdAt: '2025-01-15T09:30:00.000Z',
    updatedAt: '2025-02-01T12:00:00.000Z',
    ...overrides,
  };
}

let uuidSequence = 0;
/** A valid UUID (the project schemas check ids), unique per call. */
export function uuid(): string {
  uuidSequence += 1;
  return `00000000-0000-4000-8000-${String(uuidSequence).padStart(12, '0')}`;
}

export function buildProjectSummary(overrides: Partial<ProjectSummaryDto> = {}): ProjectSummaryDto {
  const id = overrides.id ?? uuid();
  return {
    id,
    title: `Project ${id.slice(-4)}`,
    description: 'Twelve units of three-bedroom apartments.',
    location: 'Lekki Phase 1, Lagos',
    category: 'Residential',
    status: 'in_progress',
    startDate: '2025-03-05',
    endDate: '2026-06-30',
    budget: 12_500_000,
    spent: 5_000_000,
    spentDerived: false,
    spentBeforeTracking: 0,
    projectValue: 12_500_000,
    progress: 40,
    projectLeadId: null,
    projectLead: null,
    clientId: null,
    client: null,
    teamMemberCount: 2,
    createdAt: '2025-02-01T09:00:00.000Z',
    updatedAt: '2025-03-10T12:00:00.000Z',
    ...overrides,
  };
}

export function buildAttachment(overrides: Partial<AttachmentDto> = {}): AttachmentDto {
  const id = overrides.id ?? uuid();
  return {
    id,
    originalName: 'site-photo.jpg',
    filename: `${id}.jpg`,
    mimeType: 'image/jpeg',
    size: 2048,
    status: 'ready',
    variants: {},
    url: `/api/attachments/${id}/view?token=t`,
    viewUrl: `/api/attachments/${id}/view?token=t`,
    downloadUrl: `/api/attachments/${id}/download?token=t`,
    originalUrl: `/api/attachments/${id}/view?token=t`,
    projectId: null,
    phaseId: null,
    taskId: null,
    duration: null,
    uploadedBy: null,
    isClientVisible: false,
    createdAt: '2025-03-10T12:00:00.000Z',
    ...overrides,
  };
}

export function buildTask(overrides: Partial<TaskDto> = {}): TaskDto {
  return {
    id: uuid(),
    name: 'Pour foundation slab',
    assignedTo: null,
    assignedToId: null,
    progress: 0,
    notes: null,
    startDate: null,
    endDate: null,
    isOverdue: false,
    attachments: [],
    ...overrides,
  };
}

export function buildPhase(overrides: Partial<PhaseDto> = {}): PhaseDto {
  return {
    id: uuid(),
    name: 'Foundation',
    customLabel: null,
    status: 'not_started',
    progress: 0,
    tasks: [],
    ...overrides,
  };
}

export function buildProject(overrides: Partial<ProjectDto> = {}): ProjectDto {
  return {
    ...buildProjectSummary(),
    teamMembers: [],
    phases: [],
    approvedBudgetTotal: 0,
    budgetUtilisation: 0,
    ...overrides,
  };
}

export function buildReply(overrides: Partial<ReplyDto> = {}): ReplyDto {
  return {
    id: uuid(),
    dailyLogId: uuid(),
    parentReplyId: null,
    message: 'Noted, thank you.',
    isDeleted: false,
    createdAt: '2025-03-11T09:00:00.000Z',
    user: { id: 'user-replier', name: 'Ngozi Eze', role: 'project_manager' },
    attachments: [],
    replies: [],
    ...overrides,
  };
}

export function buildDailyLog(overrides: Partial<DailyLogDto> = {}): DailyLogDto {
  const message = overrides.message ?? 'Blockwork on the ground floor reached lintel level.';
  return {
    id: uuid(),
    projectId: uuid(),
    projectTitle: 'Lekki Pearl Apartments',
    title: 'Ground floor blockwork',
    message,
    description: message,
    type: 'update',
    isClientVisible: false,
    isDeleted: false,
    createdAt: '2025-03-10T16:30:00.000Z',
    timestamp: '2025-03-10T16:30:00.000Z',
    user: { id: 'user-author', name: 'Emeka Nwosu', role: 'project_lead' },
    attachments: [],
    replies: [],
    replyCount: 0,
    ...overrides,
  };
}

export function buildMediaItem(overrides: Partial<MediaItemDto> = {}): MediaItemDto {
  const id = overrides.id ?? uuid();
  return {
    ...buildAttachment({ id }),
    originalName: 'slab-pour.jpg',
    type: 'image',
    status: 'ready',
    variants: {
      thumbnail_jpg: `/api/media/${id}/variants/thumbnail_jpg?token=t`,
      thumbnail_webp: `/api/media/${id}/variants/thumbnail_webp?token=t`,
    },
    viewUrl: `/api/media/${id}/view?token=t`,
    downloadUrl: `/api/media/${id}/download?token=t`,
    originalUrl: `/api/media/${id}/original?token=t`,
    size: 1_572_864,
    description: 'Slab pour on level 2',
    isClientVisible: false,
    uploadDate: '2025-03-12T10:00:00.000Z',
    uploaderName: 'Blessing Okoro',
    projectTitle: 'Lekki Pearl Apartments',
    failureReason: null,
    processingId: null,
    canDelete: false,
    ...overrides,
  };
}

/**
 * A project's financials as the server answers them: ₦1.45bn, ₦435M paid at the start, then ₦300M
 * paid, ₦250M overdue and ₦465M pending (so ₦735M paid and ₦715M outstanding).
 */
export function buildFinancials(overrides: Partial<FinancialsDto> = {}): FinancialsDto {
  return {
    projectId: uuid(),
    totalProjectValue: 1_450_000_000,
    originalValue: 1_450_000_000,
    approvedVariations: 0,
    initialPayment: 435_000_000,
    amountPaid: 735_000_000,
    outstandingBalance: 715_000_000,
    installments: [
      { id: uuid(), amount: 300_000_000, dueDate: '2026-01-31', status: 'paid' },
      { id: uuid(), amount: 250_000_000, dueDate: '2026-02-28', status: 'overdue' },
      { id: uuid(), amount: 465_000_000, dueDate: '2099-06-30', status: 'pending' },
    ],
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** A material request of u1's for project p1 in the outbox, being sent (its first attempt). */
export function buildOutboxItem(overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id: 'key-1',
    userId: 'u1',
    kind: 'material-request',
    label: 'Material request: 10 × Cement',
    projectId: 'p1',
    method: 'POST',
    path: '/material-requests',
    body: { type: 'json', value: { projectId: 'p1' } },
    preview: {},
    createdAt: '2026-11-27T10:00:00.000Z',
    state: 'sending',
    attempts: 1,
    nextAttemptAt: 0,
    error: null,
    sentAt: null,
    ...overrides,
  };
}

/** A line of 100 bags at ₦5,000 quoted, `received` of them accepted so far, none invoiced. */
export function buildPurchaseOrderLine(itemId: string, name: string, received: number): PurchaseOrderItem {
  return {
    itemId,
    name,
    description: '',
    quantity: 100,
    unit: 'bags',
    unitPrice: 5000,
    totalPrice: 500_000,
    priceSource: 'quote',
    quantityReceived: received,
    quantityRejected: 0,
    quantityInvoiced: 0,
    quantityReceivable: 100 - received,
  };
}

/** PO-000007 to Obi Ltd, partly received: 40 of 100 bags of cement, all 100 of granite. */
export function buildPurchaseOrder(overrides: Partial<PurchaseOrderDto> = {}): PurchaseOrderDto {
  return {
    id: '7d4f0c62-3f0b-4c43-9a55-2b1d3c4e5f60',
    number: 7,
    poNumber: 'PO-000007',
    rfq: { id: 'r', title: 'Slab materials' },
    project: null,
    vendor: { id: 'v', name: 'Obi Ltd', contactPerson: 'Obi', email: 'o@x.ng', phone: '0803', address: '' },
    totalAmount: 1_000_000,
    status: 'partially_received',
    approvedAt: '2026-11-20T09:00:00.000Z',
    negotiationId: null,
    items: [
      buildPurchaseOrderLine('11111111-1111-4111-8111-111111111111', 'Cement', 40),
      buildPurchaseOrderLine('22222222-2222-4222-8222-222222222222', 'Granite', 100),
    ],
    approvedBy: null,
    currency: 'NGN',
    deliveryTolerancePercent: 0,
    history: [],
    ...overrides,
  };
}

/** A change order of project p1 sent to its client: CO-003, ₦102,006 over two weeks, with an installment. */
export function buildChangeOrder(overrides: Partial<ChangeOrderDto> = {}): ChangeOrderDto {
  return {
    id: 'co-1',
    projectId: 'p1',
    project: { id: 'p1', title: 'Lekki Duplex' },
    number: 'CO-003',
    description: 'Extra boys quarters',
    reason: 'Asked on site',
    items: [
      { id: 'l1', description: 'Blockwork', quantity: 12, unit: 'm2', unitPrice: 8_500.5, total: 102_006 },
    ],
    totalAmount: 102_006,
    scheduleImpactDays: 14,
    installment: { amount: 50_000, dueDate: '2099-06-30' },
    internalNotes: null,
    status: 'sent_to_client',
    attachments: [],
    createdBy: null,
    sentAt: '2026-11-20T10:00:00.000Z',
    signedName: null,
    signedAt: null,
    answeredBy: null,
    declineReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    history: [],
    ...overrides,
  };
}

/** A vendor's quote as the staff's RFQ lists it: ₦2,776,000, on time, without items or files. */
export function buildVendorResponse(
  vendor: VendorResponseDto['vendor'],
  overrides: Partial<VendorResponseDto> = {},
): VendorResponseDto {
  return {
    id: 'r-1',
    vendorId: vendor.id,
    vendor,
    totalAmount: 2_776_000,
    submittedAt: '2026-11-19T12:00:00.000Z',
    updatedAt: '2026-11-19T12:00:00.000Z',
    status: 'submitted',
    notes: '',
    isLate: false,
    attachments: [],
    items: [],
    ...overrides,
  };
}

/** What the staff's and the vendor's RFQ share: RFQ #1001, under negotiation, without items or files. */
const rfqHead = () =>
  ({
    id: 'rfq-1',
    number: 1001,
    title: 'Cement and reinforcement',
    description: '',
    projectId: null,
    project: null,
    status: 'under_negotiation',
    createdAt: '2026-11-19T10:00:00.000Z',
    dueDate: null,
    sealed: false,
    bidDeadline: null,
    openedAt: null,
    items: [],
    attachments: [],
    responses: [],
    selectedVendorId: null,
    negotiations: [],
    purchaseOrder: null,
  }) as const;

/** An RFQ as the staff see it, under negotiation, without items, vendors, quotes, files or history. */
export function buildRfq(overrides: Partial<RfqDto> = {}): RfqDto {
  return {
    ...rfqHead(),
    createdBy: { id: 'u-1', name: 'Ibrahim Musa' },
    costCategory: 'Materials',
    openings: [],
    updatedAt: '2026-11-20T10:00:00.000Z',
    items: [],
    vendors: [],
    responses: [],
    attachments: [],
    history: [],
    recommendedVendorId: null,
    negotiations: [],
    ...overrides,
  };
}

/** The same RFQ as its vendor sees it, before they quote. */
export function buildVendorRfq(overrides: Partial<VendorRfqDto> = {}): VendorRfqDto {
  return {
    ...rfqHead(),
    statusLabel: 'Under Negotiation',
    createdBy: null,
    items: [],
    attachments: [],
    response: null,
    responses: [],
    isSelected: false,
    totalAmount: null,
    canQuote: false,
    negotiations: [],
    ...overrides,
  };
}

/** A negotiation awaiting the vendor: 100 bags of cement offered at ₦4,500 against the quoted ₦5,000. */
export function buildNegotiation(overrides: Partial<NegotiationDto> = {}): NegotiationDto {
  return {
    id: 'n-1',
    number: 7,
    rfqId: 'rfq-1',
    vendorId: 'v-1',
    vendor: { id: 'v-1', name: 'Lagos Cement Co', email: 'sales@lagoscement.test' },
    negotiatedBy: { id: 'u-1', name: 'Quincy Surveyor' },
    status: 'pending_vendor_response',
    isCounterOffer: false,
    originalNegotiationId: null,
    items: [
      {
        id: 'ni-1',
        itemId: 'i-1',
        item: { name: 'Cement', description: '', quantity: 100, unit: 'bags' },
        originalUnitPrice: 5000,
        originalTotalPrice: 500_000,
        negotiatedUnitPrice: 4500,
        negotiatedTotalPrice: 450_000,
        negotiationNotes: 'Bulk discount',
        counterUnitPrice: null,
        counterTotalPrice: null,
      },
    ],
    originalTotal: 500_000,
    totalAmount: 450_000,
    negotiationNotes: 'We order monthly',
    rejectionReason: null,
    counterTotalAmount: null,
    counterNotes: null,
    respondedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
