import { DlqRecord, dlqJobTypes } from '@quarry/queue';
import type { Queue } from 'bullmq';

/**
 * Every DLQ record, read the way triage did before the DLQ indexes: every job of every state, a page of
 * `pageSize` per round trip, each validated. The baseline of bench line 11.
 */
export async function fullScanDlq(dlq: Queue, pageSize = 200): Promise<DlqRecord[]> {
  const seen = new Set<string>();
  const records: DlqRecord[] = [];
  for (const type of dlqJobTypes) {
    for (let start = 0; ; start += pageSize) {
      const page = await dlq.getJobs([type], start, start + pageSize - 1, true);
      for (const job of page) {
        if (!job?.id || seen.has(job.id)) continue;
        seen.add(job.id);
        const parsed = DlqRecord.safeParse(job.data);
        if (parsed.success) records.push(parsed.data);
      }
      if (page.length < pageSize) break;
    }
  }
  return records;
}
