import { z } from 'zod';
import { endpoint } from './define';
import { q } from './values';
import type { ActionPermission } from '../permissions';
import { CUE_KINDS, DEVICE_PLATFORMS, SOUND_CLIPS, SOUND_TYPES } from '../sound-codes';

/**
 * Notification sound settings (spec §3 "Sound config", §7 Notification): per warehouse and device
 * platform, whether each node of the catalog in shared/notification-sounds sounds, which clip it
 * plays and whether its spoken prompt is read out. Every operator reads them at session start
 * (spec §4); changing them needs this permission, the Edit of the System Config page
 * /wmsconfig/notificationCenter/sound (whose View only shows them).
 */
const NOTIFICATION_SOUND_EDIT_PERM = 'PC.Wmsconfig.NotificationCenter.Sound.Edit' satisfies ActionPermission;

/** Longest list an update may carry; the handler refuses nodes that are not in the catalog. */
const MAX_NODES = 500;

const platform = z.literal(DEVICE_PLATFORMS, { error: 'must be 1 (PC) or 2 (PDA)' });

export const soundSetting = z.object({
  node_name: z.string().trim().min(1).max(100),
  sound_type: z.literal(SOUND_TYPES, { error: 'must be 1 (Open) or 2 (Close)' }),
  clip: z.enum(SOUND_CLIPS, { error: `must be one of ${SOUND_CLIPS.join(', ')}` }),
  voice: z.literal([0, 1], { error: 'must be 0 or 1' }),
});

const soundList = z.object({ platform, list: z.array(soundSetting) });

export const notificationContract = {
  getNotificationTree: endpoint({
    method: 'GET', path: '/apps/config/notification/get_notification_tree_v2', access: 'session', offlineRead: true,
    summary: 'The notification nodes by module, with English labels, kind (success, error, warning) and default clip.',
    input: z.object({}),
    output: z.object({
      tree: z.array(z.object({
        module: z.string(),
        label: z.string(),
        nodes: z.array(z.object({ node_name: z.string(), label: z.string(), kind: z.enum(CUE_KINDS), default_clip: z.enum(SOUND_CLIPS) })),
      })),
    }),
  }),
  getNotificationSoundList: endpoint({
    method: 'GET', path: '/apps/config/notification/get_notification_sound_list_v2', access: 'session', offlineRead: true,
    summary: 'The sound setting of every notification node for a device platform of the warehouse; the default where none is stored.',
    input: z.object({ platform: q.int().pipe(platform) }),
    output: soundList,
  }),
  updateNotificationSound: endpoint({
    method: 'POST', path: '/apps/config/notification/update_notification_sound_v2', access: { perm: NOTIFICATION_SOUND_EDIT_PERM },
    summary: 'Stores the sound settings of the listed nodes for a device platform of the warehouse; returns the whole list.',
    input: z.object({
      platform,
      list: z.array(soundSetting).min(1).max(MAX_NODES).superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((s, i) => {
          if (seen.has(s.node_name)) ctx.addIssue({ code: 'custom', path: [i, 'node_name'], message: `node ${s.node_name} is listed twice` });
          seen.add(s.node_name);
        });
      }),
    }),
    output: soundList,
  }),
} as const;
