/**
 * What the books check (db/books.ts) reads of one document type, declared by
 * the domain's SQL file beside its tables: the table (for the progress
 * bar's total), its rows a page at a time with every column its postings
 * are built from, and the document made of a row.
 */
import type { BookDocument } from '../core/money-registry.js';

/** Rows read at a time. */
export const BOOK_PAGE = 2000;

export type BookRow = Record<string, unknown> & { id: number };

export interface BookSource<D extends BookDocument = BookDocument> {
  table: string;
  /** Its rows from id > @after, BOOK_PAGE at a time, in id order. */
  sql: string;
  read: (row: BookRow) => D;
}

/** A number column (0 for NULL), and a text one. */
export const num = (v: unknown): number => Number(v ?? 0);
export const text = (v: unknown): string => String(v);
