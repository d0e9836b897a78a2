import type { Queryable } from '../store/queryable.js';

/** A site's call recording (migration 100): whether calls to its carrier numbers are recorded, and the notice callers hear first. */

export async function setCallRecording(db: Queryable, siteId: number, v: { record: boolean; notice: string | null }): Promise<void> {
  await db
    .updateTable('sites')
    .set({ call_recording: v.record ? 1 : 0, recording_notice: v.notice })
    .where('id', '=', siteId)
    .execute();
}
