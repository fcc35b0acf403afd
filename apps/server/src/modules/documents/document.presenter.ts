import { type DocumentKind, documentPath, type FacilityAttachment } from '@fast/contracts';
import type { DocumentListRow } from './document.repository.ts';

export function presentAttachment(row: DocumentListRow): FacilityAttachment {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    title: row.title,
    date: row.document_date,
    path: documentPath(row.id),
    size: row.size_bytes,
  };
}
