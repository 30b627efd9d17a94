import { STATION_TYPE } from '../../../shared/codes';
import { eq, sql } from 'drizzle-orm';
import type { stationContract } from '../../../shared/contract/catalog.contract';
import { defaultRecordSetting, type RecordSetting, type StationType } from '../../../shared/resources/station.resource';
import type { Db } from '../../db/client';
import { stationRecordSettings } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { Handlers } from '../../http/register';

type StationHandlers = Handlers<typeof stationContract>;

/** Every station type's settings in the warehouse: the saved ones, the defaults for the rest, in type order. */
async function recordSettingsOf(db: Db, whsId: string): Promise<{ list: RecordSetting[] }> {
  const rows = await db.select().from(stationRecordSettings).where(eq(stationRecordSettings.whsId, whsId));
  const saved = new Map(rows.map((r) => [r.stationType, r]));
  return {
    list: STATION_TYPE.options.map(({ value }) => {
      const row = saved.get(value);
      if (!row) return defaultRecordSetting(value);
      return {
        station_type: value,
        record_video: row.recordVideo as 0 | 1,
        record_photo: row.recordPhoto as 0 | 1,
        record_weight: row.recordWeight as 0 | 1,
        scan_inner_packaging: row.scanInnerPackaging as 0 | 1,
        scan_outer_packaging: row.scanOuterPackaging as 0 | 1,
        video_max_seconds: row.videoMaxSeconds,
        retention_days: row.retentionDays,
      };
    }),
  };
}

export const stationHandlers: StationHandlers = {
  getStationRecordSettings: (_input, { db, session }) => recordSettingsOf(db, session.whsId),

  async updateStationRecordSettings({ list }, { db, session }) {
    const seen = new Set<StationType>();
    list.forEach((setting, i) => {
      if (seen.has(setting.station_type)) throw badInput(`list.${i}.station_type`, `station type ${setting.station_type} is listed twice`);
      seen.add(setting.station_type);
    });
    const values = list.map((s) => ({
      whsId: session.whsId,
      stationType: s.station_type,
      recordVideo: s.record_video,
      recordPhoto: s.record_photo,
      recordWeight: s.record_weight,
      scanInnerPackaging: s.scan_inner_packaging,
      scanOuterPackaging: s.scan_outer_packaging,
      videoMaxSeconds: s.video_max_seconds,
      retentionDays: s.retention_days,
      updatedBy: session.email,
    }));
    await db.insert(stationRecordSettings).values(values).onConflictDoUpdate({
      target: [stationRecordSettings.whsId, stationRecordSettings.stationType],
      set: {
        recordVideo: sql`excluded.record_video`,
        recordPhoto: sql`excluded.record_photo`,
        recordWeight: sql`excluded.record_weight`,
        scanInnerPackaging: sql`excluded.scan_inner_packaging`,
        scanOuterPackaging: sql`excluded.scan_outer_packaging`,
        videoMaxSeconds: sql`excluded.video_max_seconds`,
        retentionDays: sql`excluded.retention_days`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`now()`,
      },
    });
    return recordSettingsOf(db, session.whsId);
  },
};
