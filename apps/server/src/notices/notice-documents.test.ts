import { describe, expect, it } from 'vitest';
import { noticeDocumentsOf } from '../context.ts';
import { MODULES } from '../modules.ts';
import { NOTICE_DOCUMENT_KINDS } from './notice-documents.ts';

describe('notice documents', () => {
  it('have one source for every kind, declared by the module that owns it', () => {
    const sources = noticeDocumentsOf(MODULES);
    expect(Object.keys(sources).sort()).toEqual([...NOTICE_DOCUMENT_KINDS].sort());
  });

  it('refuse a module list in which two modules draw the same kind', () => {
    const source = async () => null;
    expect(() =>
      noticeDocumentsOf([
        { noticeDocuments: { 'purchase-order': source } },
        { noticeDocuments: { 'purchase-order': source } },
      ]),
    ).toThrow('Notice documents of kind purchase-order are drawn by two modules');
  });
});
