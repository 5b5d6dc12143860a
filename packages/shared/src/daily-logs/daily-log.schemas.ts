import { z } from 'zod';
import { attachmentDto } from '../files/attachment.schemas.ts';
import { pageQuery, keysetPaginationDto } from '../http/pagination.ts';
import { ok, okList } from '../http/envelope.ts';
import { calendarDate } from '../format/calendar-date.ts';
import { formBoolean } from '../http/form-boolean.ts';

/** Kinds of daily log; `progress` is only known to the badge styling (older entries). */
export const DAILY_LOG_TYPES = ['update', 'milestone', 'issue', 'note'] as const;
export type DailyLogType = (typeof DAILY_LOG_TYPES)[number];
export const DAILY_LOG_BADGE_TYPES = [...DAILY_LOG_TYPES, 'progress'] as const;

/** What a deleted log or reply shows in its thread. */
export const DELETED_MESSAGE = '[Message deleted by user]';
export const UNKNOWN_USER = 'Unknown User';

/** Validation titles and messages of the add-log and reply forms (spec 1 §5). */
export const LOG_MESSAGES = {
  projectRequired: { title: 'Project required', description: 'Please select a project.' },
  titleRequired: { title: 'Title required', description: 'Please enter a title.' },
  descriptionRequired: { title: 'Description required', description: 'Please enter a description.' },
  replyEmpty: 'Reply cannot be empty',
  tooManyFiles: 'Only 5 files may be attached.',
} as const;

/** A missing title shows as the type plus the word Update ("Milestone Update"). */
export function displayTitle(log: { title: string | null; type: string }): string {
  const title = log.title?.trim();
  if (title) return title;
  return `${log.type.charAt(0).toUpperCase()}${log.type.slice(1)} Update`;
}

const booleanField = formBoolean;

/** The text fields of POST /daily-logs (multipart; files come in `files`). Author and role come from the session. */
export const createDailyLogFields = z.object({
  projectId: z.uuid({
    error: `${LOG_MESSAGES.projectRequired.title}: ${LOG_MESSAGES.projectRequired.description}`,
  }),
  title: z
    .string({ error: `${LOG_MESSAGES.titleRequired.title}: ${LOG_MESSAGES.titleRequired.description}` })
    .trim()
    .min(1, `${LOG_MESSAGES.titleRequired.title}: ${LOG_MESSAGES.titleRequired.description}`)
    .max(200, 'Title must be at most 200 characters'),
  message: z
    .string({
      error: `${LOG_MESSAGES.descriptionRequired.title}: ${LOG_MESSAGES.descriptionRequired.description}`,
    })
    .trim()
    .min(1, `${LOG_MESSAGES.descriptionRequired.title}: ${LOG_MESSAGES.descriptionRequired.description}`)
    .max(10_000, 'Description must be at most 10,000 characters'),
  type: z.enum(DAILY_LOG_TYPES, { error: 'type must be update, milestone, issue or note' }).default('update'),
  isClientVisible: booleanField.default(false),
});
export type CreateDailyLogFields = z.output<typeof createDailyLogFields>;

/** The text fields of POST /daily-logs/{id}/replies; `parentReplyId` answers a reply (any depth). */
export const createReplyFields = z.object({
  message: z
    .string({ error: LOG_MESSAGES.replyEmpty })
    .trim()
    .min(1, LOG_MESSAGES.replyEmpty)
    .max(10_000, 'Reply must be at most 10,000 characters'),
  parentReplyId: z.uuid({ error: 'parentReplyId must be a reply id' }).optional(),
});
export type CreateReplyFields = z.output<typeof createReplyFields>;

/** Date-range filter of the Daily Logs screen. */
export const DATE_RANGES = ['all', 'today', 'last7days', 'custom'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

const isoDate = calendarDate('dates must be written YYYY-MM-DD');

export const listDailyLogsQuery = pageQuery(12).extend({
  sortBy: z.enum(['createdAt'], { error: 'sortBy must be createdAt' }).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc'),
  projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
  /** Inclusive calendar days in Lagos time. */
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  /** Opaque position after the previous page (pagination.nextCursor). */
  cursor: z.string().max(200).optional(),
});
export type ListDailyLogsQuery = z.infer<typeof listDailyLogsQuery>;

export const logAuthorDto = z.object({
  id: z.string().nullable(),
  name: z.string(),
  role: z.string().nullable(),
});

export interface ReplyDto {
  id: string;
  dailyLogId: string;
  parentReplyId: string | null;
  message: string;
  isDeleted: boolean;
  createdAt: string;
  user: z.infer<typeof logAuthorDto>;
  attachments: z.infer<typeof attachmentDto>[];
  replies: ReplyDto[];
}

/** A reply with the replies that answer it, nested to any depth. */
export const replyDto: z.ZodType<ReplyDto> = z.object({
  id: z.string(),
  dailyLogId: z.string(),
  parentReplyId: z.string().nullable(),
  message: z.string(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  user: logAuthorDto,
  attachments: z.array(attachmentDto),
  get replies() {
    return z.array(replyDto);
  },
});

export const dailyLogDto = z.object({
  id: z.string(),
  projectId: z.string(),
  projectTitle: z.string(),
  title: z.string(),
  message: z.string(),
  /** The message again, under the name the screens show it by. */
  description: z.string(),
  type: z.string(),
  isClientVisible: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  timestamp: z.string(),
  user: logAuthorDto,
  attachments: z.array(attachmentDto),
  replies: z.array(replyDto),
  replyCount: z.number().int(),
});
export type DailyLogDto = z.infer<typeof dailyLogDto>;

export const dailyLogPaginationDto = keysetPaginationDto;

/** Lagos keeps UTC+1 all year. */
const LAGOS_OFFSET = '+01:00';

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The instants a range of Lagos calendar days covers: from the first day's start to the day after the last. */
export function dayRangeBounds(startDate?: string, endDate?: string): { from?: Date; until?: Date } {
  return {
    ...(startDate ? { from: new Date(`${startDate}T00:00:00${LAGOS_OFFSET}`) } : {}),
    ...(endDate ? { until: new Date(`${addDays(endDate, 1)}T00:00:00${LAGOS_OFFSET}`) } : {}),
  };
}

/** startDate and endDate of a preset range, given today's Lagos date (YYYY-MM-DD). */
export function presetDays(
  range: 'today' | 'last7days',
  today: string,
): { startDate: string; endDate: string } {
  return { startDate: range === 'today' ? today : addDays(today, -6), endDate: today };
}

// Answers
export const dailyLogListAnswer = okList('dailyLogs', dailyLogDto, dailyLogPaginationDto);
export const dailyLogAnswer = ok({ dailyLog: dailyLogDto });
export const replyAnswer = ok({ reply: replyDto });

// What the web app reads from those answers.
export type DailyLogListAnswer = z.output<typeof dailyLogListAnswer>;
export type DailyLogAnswer = z.output<typeof dailyLogAnswer>;
export type ReplyAnswer = z.output<typeof replyAnswer>;
