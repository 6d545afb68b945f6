/**
 * The compliance domain's slice of the contract (Lei n.º 83/2017, art. 76.º;
 * SPEC 11): a person's identification recorded and found again by the
 * document, and the day's record for the managers. What a person's record
 * holds is read by managers (and the caixa that holds the document); no
 * answer that names a person is kept with an Idempotency-Key, and the audit
 * log keeps none of it (db/audit.ts redacts `person`).
 */
import { z } from 'zod';
import { cents, channel, csvFileSchema, empty, EVERYONE, id, isoTime, PERSONAL_DATA_READERS, plainText } from '../schema.js';
import { DAY_RECORD_ACTS, DOCUMENT_TYPES } from './rules.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'AAAA-MM-DD');
const documentFields = {
  documentType: z.enum(DOCUMENT_TYPES),
  documentNumber: z.string().trim().regex(/^[0-9A-Za-z .-]{3,30}$/, 'n.º do documento: 3 a 30 letras e algarismos'),
  country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'país emissor: código de 2 letras (PT, ES, ...)').transform((c) => c.toUpperCase()),
};

export const personSchema = z.object({
  personId: id,
  name: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  /** The document's number, shown masked to all but its last 3 characters. */
  documentMasked: z.string(),
  country: z.string(),
  birthDate: day,
  documentVerified: z.boolean(),
  recordedAt: isoTime,
  recordedBy: z.string(),
});
export type PersonView = z.output<typeof personSchema>;

const identifiedActSchema = z.object({
  at: isoTime,
  /** A payment or an exchange, or the moment the hall identified the player (an entry, a purchase of cards: no day total). */
  act: z.enum(DAY_RECORD_ACTS),
  refId: id,
  cents,
  cashCents: cents,
  chequeCents: cents,
  cardCents: cents,
  operator: z.string(),
  terminalId: z.string(),
  personId: id,
  name: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  documentNumber: z.string(),
  country: z.string(),
  /** The person's acts that gaming day, added up (every identification of the same document). */
  dayTotalCents: cents,
});

const barredRefusalSchema = z.object({
  at: isoTime,
  operator: z.string(),
  terminalId: z.string(),
  listId: id,
  line: z.number().int(),
  name: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  documentNumber: z.string(),
  country: z.string(),
  /** As the list's file gives it (none for an entry imported before it was kept). */
  birthDate: day.nullable(),
  validFrom: day,
  validUntil: day.nullable(),
});

const barredListSchema = z.object({ listId: id, importedAt: isoTime, importedBy: z.string(), entries: z.number().int(), sha256: z.string() });
/** The barred list's file as the manager picked it (Lei n.º 83/2017, art. 76.º): CSV, logged by its hash only. */
const barredFile = z.object({ content: z.string().min(1).max(20_000_000) }).strict();
/** What an import does, said before it is confirmed: the file's entries, those in force today, ended and yet to begin; the list it replaces. */
const barredSummarySchema = z.object({
  entries: z.number().int(),
  inForce: z.number().int(),
  ended: z.number().int(),
  future: z.number().int(),
  /** Persons this hall identified (records not erased) whom the file bars today: their payments are refused from the import on. */
  identifiedOnList: z.number().int(),
  sha256: z.string(),
  replaces: barredListSchema.nullable(),
});

/** The last erasure made: when, by whom, up to which instant, how many identifications. */
const erasureSchema = z.object({ erasureId: id, at: isoTime, by: z.string(), before: isoTime, persons: z.number().int() });
/** What an erasure at the end of the legal period would do now (Lei n.º 83/2017, art. 51.º), said before it is done. */
const erasurePreviewSchema = z.object({
  /** Identifications and acts made before this instant are past the legal period (seven years back, to the second). */
  before: isoTime,
  years: z.number().int(),
  /** Identifications it would erase: recorded before `before`, no act made under them since. */
  persons: z.number().int(),
  /** The oldest of them (none when there is nothing to erase). */
  oldestRecordedAt: isoTime.nullable(),
  /** Identifications older than the cut kept because an act under them is not (their period runs from that act). */
  keptForLaterActs: z.number().int(),
  last: erasureSchema.nullable(),
});

/** Whose key digests the documents, by its fingerprint (never the key), and how many digests it wrote. */
const identityKeySchema = z.object({
  source: z.enum(['none', 'hall', 'group']),
  /** The first 16 hex digits of the key's SHA-256, in groups of 4: compared with the group's by eye. */
  fingerprint: z.string().nullable(),
  setAt: isoTime.nullable(),
  /** Identifications and barred-list entries digested under it: once any, the key stays. */
  keyed: z.number().int(),
});

export const complianceContract = {
  'person.identify': channel({
    summary:
      'Record an identification (Lei n.º 83/2017, art. 76.º): name, document type and number, issuing country, date of birth, the document seen and checked; checked against the list of persons barred from play.',
    kind: 'command',
    topics: ['identification'],
    roles: EVERYONE,
    // The answer names the person: never kept with a key (a retry records the identification again).
    secretAnswer: true,
    input: z
      .object({
        person: z.object({ name: plainText(2, 120), ...documentFields, birthDate: day }).strict(),
        documentVerified: z.boolean(),
      })
      .strict(),
    output: personSchema,
  }),
  'person.enter': channel({
    summary:
      "Record an identified player's entry into the hall, where the hall identifies its bingo players at the entrance (Lei n.º 83/2017, art. 76.º, n.º 5): the identification found or recorded first (person.identify), its document checked, not barred from play.",
    kind: 'command',
    topics: ['identification'],
    roles: EVERYONE,
    input: z.object({ personId: id }).strict(),
    output: z.object({ entryId: id, personId: id, at: isoTime, gamingDay: day, entriesToday: z.number().int() }),
  }),
  'person.find': channel({
    summary: "The latest identification of a document, found by its type, number and country (the document in hand); erased ones are not found.",
    kind: 'query',
    topics: ['identification'],
    roles: EVERYONE,
    input: z.object({ person: z.object(documentFields).strict() }).strict(),
    output: personSchema,
  }),
  'person.erasurePreview': channel({
    summary:
      'What the erasure of identifications at the end of the legal period would do now (Lei n.º 83/2017, art. 51.º: seven years from the identification and from the last act under it): how many, the oldest, the cut; changes nothing; managers only.',
    kind: 'query',
    topics: ['identification'],
    roles: PERSONAL_DATA_READERS,
    input: empty,
    output: erasurePreviewSchema,
  }),
  'person.erase': channel({
    summary:
      'Erase the personal data (name, document number, date of birth) of every identification made before the cut the preview gave, and of the acts under it, in one recorded act (who, when, up to when, how many); the acts\' amounts stay in the books; refused inside the legal period; managers only.',
    kind: 'command',
    topics: ['identification'],
    roles: PERSONAL_DATA_READERS,
    input: z.object({ before: isoTime }).strict(),
    output: erasureSchema,
  }),
  'identityKey.status': channel({
    summary:
      "Whose key digests the identity documents (the hall's own, or the group's so one person adds up across its halls; Lei n.º 83/2017, art. 76.º), by its fingerprint, and how many records it keyed; managers only.",
    kind: 'query',
    topics: ['identification'],
    roles: PERSONAL_DATA_READERS,
    input: empty,
    output: identityKeySchema,
  }),
  'identityKey.install': channel({
    summary:
      "Install the group's key of the documents' digests from the file the group gives its halls (32 bytes in base64), before the hall's first identification; refused once a record was keyed under another key; admins only. The key never reaches the log.",
    kind: 'command',
    topics: ['identification'],
    roles: ['admin'],
    input: z.object({ identityKey: z.string().max(200) }).strict(),
    output: identityKeySchema,
  }),
  'compliance.day': channel({
    summary:
      "A gaming day's record of identified persons' payments and exchanges (who, what, when, which operator), with each person's day total; managers only.",
    kind: 'query',
    topics: ['identification', 'caixa', 'prizes'],
    roles: PERSONAL_DATA_READERS,
    input: z.object({ gamingDay: day }).strict(),
    output: z.object({ gamingDay: day, acts: z.array(identifiedActSchema), refusals: z.array(barredRefusalSchema) }),
  }),
  'report.complianceDayPdf': channel({
    summary: "A gaming day's record of identified persons' payments and exchanges, and the identifications refused, as an A4 PDF (base64); managers only.",
    kind: 'query',
    topics: [],
    roles: PERSONAL_DATA_READERS,
    input: z.object({ gamingDay: day }).strict(),
    output: z.object({ filename: z.string(), base64: z.string() }),
  }),
  'barred.preview': channel({
    summary:
      'Read a list of persons barred from play (CSV: name, document type and number, issuing country, date of birth, valid from, valid until) and say what importing it would do, changing nothing; managers only.',
    kind: 'query',
    topics: ['identification'],
    roles: PERSONAL_DATA_READERS,
    input: barredFile,
    output: barredSummarySchema,
  }),
  'barred.import': channel({
    summary:
      'Import a list of persons barred from play: it replaces the list in force, each entry with its validity, the import recorded (who, when, the file\'s hash); checked at every identification (Lei n.º 83/2017, art. 76.º); managers only.',
    kind: 'command',
    topics: ['identification'],
    roles: PERSONAL_DATA_READERS,
    input: barredFile,
    output: barredSummarySchema.extend({ listId: id, importedAt: isoTime }),
  }),
  'barred.lists': channel({
    summary: "The imports of the list of persons barred from play, newest (in force) first; managers only.",
    kind: 'query',
    topics: ['identification'],
    roles: PERSONAL_DATA_READERS,
    input: empty,
    output: z.array(barredListSchema),
  }),
  'export.complianceDay': channel({
    summary:
      "A gaming day's record of identified persons' payments and exchanges, and the identifications and payments refused because the person is barred from play, in the order they happened, as a CSV file for a pt-PT spreadsheet; managers only.",
    kind: 'query',
    topics: [],
    roles: PERSONAL_DATA_READERS,
    input: z.object({ gamingDay: day }).strict(),
    output: csvFileSchema,
  }),
} as const;
