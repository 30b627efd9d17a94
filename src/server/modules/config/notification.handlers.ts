import { and, eq, sql } from 'drizzle-orm';
import type { notificationContract } from '../../../shared/contract/notification.contract';
import {
  NOTIFICATION_MODULES, NOTIFICATION_NODES, notificationNode, soundSettingsOf,
  type DevicePlatform, type SoundClip, type SoundSetting, type SoundType,
} from '../../../shared/notification-sounds';
import type { Db } from '../../db/client';
import { notificationSounds } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { Handlers } from '../../http/register';

/** The tree is the catalog itself: built once, English labels (the client shows its own translations). */
const tree = NOTIFICATION_MODULES.map((m) => ({
  module: m.module,
  label: m.label.message ?? m.module,
  nodes: NOTIFICATION_NODES.filter((n) => n.module === m.module).map((n) => ({
    node_name: n.node,
    label: n.label.message ?? n.node,
    kind: n.kind,
    default_clip: n.defaultClip,
  })),
}));

/** The platform's list in the warehouse; the check constraints guarantee the stored codes. */
async function soundList(db: Db, whsId: string, platform: DevicePlatform) {
  const rows = await db
    .select()
    .from(notificationSounds)
    .where(and(eq(notificationSounds.whsId, whsId), eq(notificationSounds.platform, platform)));
  const stored: SoundSetting[] = rows.map((r) => ({
    node_name: r.nodeName,
    sound_type: r.soundType as SoundType,
    clip: r.clip as SoundClip,
    voice: r.voice === 1 ? 1 : 0,
  }));
  return { platform, list: soundSettingsOf(platform, stored) };
}

export const notificationHandlers: Handlers<typeof notificationContract> = {
  async getNotificationTree() {
    return { tree };
  },

  async getNotificationSoundList(input, { db, session }) {
    return soundList(db, session.whsId, input.platform);
  },

  async updateNotificationSound(input, { db, session }) {
    const unknown = input.list.findIndex((s) => !notificationNode(s.node_name));
    if (unknown >= 0) throw badInput(`list.${unknown}.node_name`, `unknown notification node ${input.list[unknown]?.node_name}`);
    // One statement: every listed node is stored, or none is.
    await db
      .insert(notificationSounds)
      .values(input.list.map((s) => ({
        whsId: session.whsId,
        platform: input.platform,
        nodeName: s.node_name,
        soundType: s.sound_type,
        clip: s.clip,
        voice: s.voice,
        updatedBy: session.userId,
      })))
      .onConflictDoUpdate({
        target: [notificationSounds.whsId, notificationSounds.platform, notificationSounds.nodeName],
        set: {
          soundType: sql`excluded.sound_type`,
          clip: sql`excluded.clip`,
          voice: sql`excluded.voice`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
    return soundList(db, session.whsId, input.platform);
  },
};
