import { appendFileSync } from 'node:fs';
import { inject, injectable } from 'inversify';
import type { AuditRecord, AuditSink } from 'hermes-tools';

/** Where the sample's audit trail goes. */
export const AUDIT_FILE = Symbol.for('samples:audit-file');

/**
 * Writes one JSON line per call to a file, the simplest durable audit trail. Synchronous on
 * purpose: a record is on disk before the call's outcome reaches the model.
 */
@injectable()
export class JsonLinesAuditSink implements AuditSink {
  constructor(@inject(AUDIT_FILE) private readonly file: string) {}

  record(record: AuditRecord): void {
    appendFileSync(this.file, `${JSON.stringify(record)}\n`);
  }
}
