import type { waveContract } from '../../../shared/contract/wave.contract';
import type { Handlers } from '../../http/register';
import { warehouseTimeZone } from '../../common/time';
import { runAutoWaves, wavePlans } from './auto-wave';
import { releaseWave, waveDetail } from './wave';

/** The handlers of wave.contract.ts (the wave list is a resource). */
export const waveHandlers: Handlers<typeof waveContract> = {
  async createManualWave(input, { db, session }) {
    const actor = { userId: session.userId, timeZone: await warehouseTimeZone(db, session.whsId) };
    const { wave, taskNos, skipped } = await db.transaction((tx) => releaseWave(tx, session.whsId, actor, {
      orderNos: input.order_nos, pickingType: input.picking_type, maxUnitsPerTask: input.max_units_per_task, isManual: true,
    }));
    return { wave, task_nos: taskNos, skipped };
  },
  async runAutoWave({ rule_id }, { db, session }) {
    const actor = { userId: session.userId, timeZone: await warehouseTimeZone(db, session.whsId) };
    return { runs: await runAutoWaves(db, session.whsId, rule_id, actor) };
  },
  getWavePlan: async ({ rule_id }, { db, session }) => ({ now: Math.floor(Date.now() / 1000), rules: await wavePlans(db, session.whsId, rule_id ?? null) }),
  getWaveDetail: ({ wave_no }, { db, session }) => waveDetail(db, session.whsId, wave_no),
};
