import { describe, expect, it } from 'vitest';
import { buildDailyLog, buildReply } from '../../../test/factories.ts';
import { addReply, markDeleted } from './daily-log-cache.ts';

describe('addReply', () => {
  const log = buildDailyLog();
  const first = buildReply({ dailyLogId: log.id });
  const nested = buildReply({ dailyLogId: log.id, parentReplyId: first.id });
  const thread = [{ ...log, replies: [{ ...first, replies: [nested] }], replyCount: 2 }];

  it('puts an answer to a reply under that reply, at any depth', () => {
    const deeper = buildReply({ dailyLogId: log.id, parentReplyId: nested.id });
    const [updated] = addReply(thread, deeper);
    expect(updated?.replies[0]?.replies[0]?.replies).toEqual([deeper]);
    expect(updated?.replyCount).toBe(3);
  });

  it('adds an answer to the log at the end of the thread, once only', () => {
    const answer = buildReply({ dailyLogId: log.id });
    const once = addReply(thread, answer);
    expect(once[0]?.replies.map((reply) => reply.id)).toEqual([first.id, answer.id]);
    expect(addReply(once, answer)).toEqual(once);
  });
});

describe('markDeleted', () => {
  it('keeps a deleted log or reply in place, marked deleted and without its files', () => {
    const reply = buildReply({ attachments: [] });
    const log = buildDailyLog({ replies: [{ ...reply, replies: [buildReply()] }] });
    const [withReplyDeleted] = markDeleted([log], { logId: log.id, replyId: reply.id });
    expect(withReplyDeleted?.replies[0]).toMatchObject({ id: reply.id, isDeleted: true });
    expect(withReplyDeleted?.replies[0]?.replies).toHaveLength(1);
    const [deleted] = markDeleted([log], { logId: log.id });
    expect(deleted).toMatchObject({ isDeleted: true, attachments: [] });
  });
});
